import { readTranslateRequest, deeplTranslate } from "@/server/compat/deepl/translate";
import { Params } from "@/server/compat/params";
import { bucketsByTextCount, deeplRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  POST: {
    scopes: ["translate"],
    buckets: bucketsByTextCount("text"),
    handler: async ({ app, principal, requestId, req, rawBody }) => ({
      data: await deeplTranslate(app, principal, requestId, readTranslateRequest(await Params.read(req, rawBody))),
    }),
  },
});
