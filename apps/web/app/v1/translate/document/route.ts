import { operations } from "@tolk/contract";
import { submitDocument } from "@tolk/domain";

import { MAX_UPLOAD_BODY_BYTES, parseDocumentForm, uploadTooLarge } from "@/server/v1/document-form";
import { announceJob, jobHeaders } from "@/server/v1/edge-context";
import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(
    operations.uploadDocument,
    async ({ app, principal, requestId, resumed, req, rawBody, startedAt }) => {
      const form = await parseDocumentForm(req, rawBody);
      // A synchronous document's job id goes out (103 Early Hints) before it is translated: a
      // client that disconnects can GET the job it paid for instead of paying again.
      const submitted = await submitDocument(app.domain, app.documents, {
        principal,
        requestId,
        resumed,
        ...form,
        onJobCreated: (id) => void announceJob(id),
      });
      if (submitted.kind === "queued")
        return { status: 202, data: submitted.job, headers: jobHeaders(submitted.job.job_id) };
      const data = submitted.result;
      return {
        data,
        meta: { credits_used: data.credits_used, processing_time_ms: Math.round(performance.now() - startedAt) },
        headers: jobHeaders(data.job_id),
      };
    },
    { maxBodyBytes: MAX_UPLOAD_BODY_BYTES, bodyTooLarge: uploadTooLarge },
  ),
);
