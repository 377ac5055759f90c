import { errorFields, logger } from "@tolk/domain";
import { appRouter, createConsoleContext } from "@tolk/trpc";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { cookies } from "next/headers";

import { ORG_COOKIE } from "@/console/org-cookie";
import { currentUserId } from "@/server/auth/config";
import { isSameOrigin } from "@/server/auth/same-origin";
import { getAppContext } from "@/server/context";
import { observedRoute } from "@/server/observe-route";
import { MAX_UPLOAD_BODY_BYTES } from "@/server/v1/document-form";
import { clientAddress } from "@/server/v1/request-input";

export const dynamic = "force-dynamic";

async function handler(req: Request): Promise<Response> {
  if (!isSameOrigin(req)) {
    return Response.json(
      { error: { message: "Cross-site requests to the console API are refused." } },
      { status: 403 },
    );
  }
  // Uploads (documents, imports) are read whole by the form parser: refuse a body larger than the
  // largest document /v1 accepts before reading it. Browsers always send Content-Length with FormData.
  if (req.method === "POST" && /^multipart\/form-data/i.test(req.headers.get("content-type") ?? "")) {
    const length = Number(req.headers.get("content-length") ?? NaN);
    if (!Number.isFinite(length))
      return Response.json({ error: { message: "An upload needs a Content-Length." } }, { status: 411 });
    if (length > MAX_UPLOAD_BODY_BYTES) {
      return Response.json(
        { error: { message: `The upload is larger than ${Math.floor(MAX_UPLOAD_BODY_BYTES / 1024 / 1024)} MB.` } },
        { status: 413 },
      );
    }
  }
  const app = await getAppContext();
  const userId = await currentUserId();
  const requestedOrgId = (await cookies()).get(ORG_COOKIE)?.value ?? null;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () =>
      createConsoleContext({
        domain: app.domain,
        translation: app.translation,
        documents: app.documents,
        limiter: app.limiter,
        requestLog: app.requestLog,
        userId,
        requestedOrgId,
        ip: clientAddress(req, app.env.TOLK_PROXY_HOPS),
      }),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR")
        logger().error({ procedure: path ?? null, ...errorFields(error.cause ?? error) }, "console request failed");
    },
  });
}

// One series for every procedure: a batch names several in one path.
const observed = observedRoute("/api/trpc/[trpc]", handler);

export { observed as GET, observed as POST };
