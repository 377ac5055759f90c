import { libreTranslate } from "@/server/compat/libretranslate/translate";
import { Params } from "@/server/compat/params";
import { bucketsByTextCount, libreTranslateRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = libreTranslateRoute({
  POST: {
    scopes: ["translate"],
    buckets: bucketsByTextCount("q"),
    handler: async ({ app, principal, requestId, req, rawBody }) => ({
      data: await libreTranslate(app, principal, requestId, await Params.read(req, rawBody)),
    }),
  },
});
