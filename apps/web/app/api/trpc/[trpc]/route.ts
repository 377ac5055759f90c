import { appRouter, createConsoleContext } from "@tolk/trpc";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { cookies } from "next/headers";

import { ORG_COOKIE } from "@/console/org-cookie";
import { currentUserId } from "@/server/auth/config";
import { isSameOrigin } from "@/server/auth/same-origin";
import { getAppContext } from "@/server/context";

export const dynamic = "force-dynamic";

async function handler(req: Request): Promise<Response> {
  if (!isSameOrigin(req)) {
    return Response.json({ error: { message: "Cross-site requests to the console API are refused." } }, { status: 403 });
  }
  const app = await getAppContext();
  const userId = await currentUserId();
  const requestedOrgId = (await cookies()).get(ORG_COOKIE)?.value ?? null;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createConsoleContext({ domain: app.domain, translation: app.translation, documents: app.documents, limiter: app.limiter, userId, requestedOrgId }),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[tolk] console ${path ?? "?"}:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
