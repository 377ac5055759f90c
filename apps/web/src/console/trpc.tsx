"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type AppRouter } from "@tolk/trpc";
import {
  TRPCClientError,
  createTRPCClient,
  httpBatchLink,
  httpLink,
  isNonJsonSerializable,
  splitLink,
} from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { type ReactNode, useState } from "react";
import superjson from "superjson";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** A 4xx answer will not change on retry (forbidden, not found, bad input): show it at once. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 500;
    if (status < 500) return false;
  }
  return failures < 2;
}

/** The session ended while the page was open (signed out elsewhere, password or role changed): sign in again. */
function signInAgainOn401(error: unknown): void {
  if (error instanceof TRPCClientError && (error.data as { httpStatus?: number } | undefined)?.httpStatus === 401)
    window.location.assign("/sign-in");
}

export function ConsoleProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError: signInAgainOn401 }),
      // A change made in the console may move any figure shown elsewhere (a translation spends
      // credits and adds usage, a key shows up in the log's filter): whatever was read before it
      // is stale, so the next page fetches the figures after it instead of showing a cached copy.
      // Only marked: the page that made the change refreshes what it shows itself, in its own
      // order (a refetch started here could remove a row before its own handler moved focus).
      mutationCache: new MutationCache({
        onError: signInAgainOn401,
        onSuccess: () => void client.invalidateQueries({ refetchType: "none" }),
      }),
      defaultOptions: { queries: { staleTime: 5_000, retry: shouldRetry }, mutations: { retry: false } },
    });
    return client;
  });
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        // Uploads (documents, imports) go as multipart form data, one request each; the rest batch.
        splitLink({
          condition: (op) => isNonJsonSerializable(op.input),
          true: httpLink({ url: "/api/trpc", transformer: superjson }),
          false: httpBatchLink({ url: "/api/trpc", transformer: superjson }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** The message to show for a failed query or mutation. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
