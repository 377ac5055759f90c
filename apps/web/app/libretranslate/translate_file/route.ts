import { libreTranslateFile } from "@/server/compat/libretranslate/files";
import { Params } from "@/server/compat/params";
import { libreTranslateRoute } from "@/server/compat/routes";
import { MAX_UPLOAD_BODY_BYTES, uploadTooLarge } from "@/server/v1/document-form";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = libreTranslateRoute({
  POST: {
    scopes: ["translate"],
    buckets: ["segment"],
    maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
    bodyTooLarge: uploadTooLarge,
    handler: async ({ app, principal, requestId, req, rawBody }) => ({
      data: await libreTranslateFile(app, principal, requestId, await Params.read(req, rawBody)),
    }),
  },
});
