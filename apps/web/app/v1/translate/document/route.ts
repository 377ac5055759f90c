import { submitDocument } from "@tolk/domain";

import { MAX_UPLOAD_BODY_BYTES, parseDocumentForm, uploadTooLarge } from "@/server/v1/document-form";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  POST: {
    scopes: ["translate"],
    buckets: ["segment"],
    maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
    bodyTooLarge: uploadTooLarge,
    handler: async ({ app, principal, requestId, req, rawBody, startedAt }) => {
      const form = await parseDocumentForm(req, rawBody);
      const submitted = await submitDocument(app.domain, app.documents, { principal, requestId, ...form });
      if (submitted.kind === "queued") return { status: 202, data: submitted.job };
      const data = submitted.result;
      return { data, meta: { credits_used: data.credits_used, processing_time_ms: Math.round(performance.now() - startedAt) } };
    },
  },
});
