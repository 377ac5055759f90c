import { readEnv } from "@/env";
import { deeplOpenApiDocument } from "@/server/compat/deepl/openapi";
import { observedRoute } from "@/server/observe-route";

export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 document of the DeepL-compatible API, /v2 and /v3 (public: it holds no data). */
export const GET = observedRoute("/openapi/deepl.json", () =>
  Response.json(deeplOpenApiDocument(readEnv().TOLK_PUBLIC_URL), {
    headers: { "Cache-Control": "public, max-age=300" },
  }),
);
