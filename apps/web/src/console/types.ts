import { type AppRouter } from "@tolk/trpc";
import { type inferRouterOutputs } from "@trpc/server";

/** What each console procedure returns, as the pages receive it. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
