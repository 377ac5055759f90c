import { libreDetect } from "@/server/compat/libretranslate/translate";
import { Params } from "@/server/compat/params";
import { libreTranslateRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

// Identification is analysis, free as POST /v1/analyze/headless, in the same bucket.
export const { GET, POST, PUT, PATCH, DELETE } = libreTranslateRoute({
  POST: {
    scopes: ["translate"],
    buckets: ["analyze"],
    handler: async ({ req, rawBody }) => ({ data: await libreDetect(await Params.read(req, rawBody)) }),
  },
});
