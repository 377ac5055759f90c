import { uploadDeeplDocument } from "@/server/compat/deepl/documents";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";
import { MAX_UPLOAD_BODY_BYTES, uploadTooLarge } from "@/server/v1/document-form";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  POST: {
    scopes: ["translate"],
    buckets: ["segment"],
    maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
    bodyTooLarge: uploadTooLarge,
    handler: async ({ app, principal, requestId, req, rawBody }) => ({
      data: await uploadDeeplDocument(app, principal, requestId, await Params.read(req, rawBody)),
    }),
  },
});
