import { openApiDocument } from "@tolk/contract";

import { readEnv } from "@/env";
import { observedRoute } from "@/server/observe-route";

export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 document of /v1 (public: it holds no data). */
export const GET = observedRoute("/openapi.json", () =>
  Response.json(openApiDocument(readEnv().TOLK_PUBLIC_URL), { headers: { "Cache-Control": "public, max-age=300" } }),
);
