import { readEnv } from "@/env";
import { libreTranslateOpenApiDocument } from "@/server/compat/libretranslate/openapi";
import { observedRoute } from "@/server/observe-route";

export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 document of the LibreTranslate-compatible API (public: it holds no data). */
export const GET = observedRoute("/openapi/libretranslate.json", () =>
  Response.json(libreTranslateOpenApiDocument(readEnv().TOLK_PUBLIC_URL), {
    headers: { "Cache-Control": "public, max-age=300" },
  }),
);
