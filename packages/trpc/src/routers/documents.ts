import { type DocumentJobView, documentRequest } from "@tolk/contract";
import { assertAllowed, badRequest, getDocumentJob, listDocumentJobs, submitDocument } from "@tolk/domain";
import { z } from "zod";

import { memberPrincipal } from "../principal";
import { orgProcedure, router } from "../trpc";

/** The upload arrives as multipart form data, field for field what POST /v1/translate/document takes. */
const uploadForm = z.instanceof(FormData);

function formText(form: FormData, field: string): string | undefined {
  const value = form.get(field);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The pre-signed link made relative: the browser follows it on the console's own origin, which
 * need not be TOLK_PUBLIC_URL (a proxy, a port-forward, a test server on a random port).
 */
function relativeLink(job: DocumentJobView): DocumentJobView & { download_path: string | null } {
  if (!job.result_url) return { ...job, download_path: null };
  const url = new URL(job.result_url);
  return { ...job, download_path: `${url.pathname}${url.search}` };
}

export const documentsRouter = router({
  /** Queues the document (the page polls `job`); refusals (format, size, pair, credits) come at once. */
  submit: orgProcedure("member")
    .input(uploadForm)
    .mutation(async ({ ctx, input }) => {
      const file = input.get("file");
      if (!(file instanceof File)) throw badRequest("Choose a file to translate.", "file");
      const parsed = documentRequest.safeParse({
        source_lang: formText(input, "source_lang"),
        target_lang: formText(input, "target_lang"),
        glossary_ids: formText(input, "glossary_ids"),
        tm_id: formText(input, "tm_id"),
        brand_voice_id: formText(input, "brand_voice_id"),
      });
      if (!parsed.success) {
        // A 400 naming the field, as /v1/translate/document answers (not a 500 from a thrown ZodError).
        const issue = parsed.error.issues[0];
        const path = issue?.path.join(".") ?? "";
        throw badRequest(`${path ? `'${path}'` : "form"}: ${issue?.message ?? "invalid"}`, path || undefined);
      }
      const request = parsed.data;
      const principal = memberPrincipal(ctx);
      assertAllowed(await ctx.limiter.consume(principal, ["segment"]));
      const upload = { filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
      const submitted = await submitDocument(ctx.domain, ctx.documents, { principal, requestId: ctx.requestId, upload, request, async: true });
      const jobId = submitted.kind === "queued" ? submitted.job.job_id : submitted.result.job_id;
      return relativeLink(await getDocumentJob(ctx.domain, ctx.documents.links, { orgId: principal.org.id, jobId }));
    }),

  /** One job, for the live progress (GET /v1/translate/{job_id}). */
  job: orgProcedure("member")
    .input(z.object({ jobId: z.string().min(1) }))
    .query(async ({ ctx, input }) =>
      relativeLink(await getDocumentJob(ctx.domain, ctx.documents.links, { orgId: ctx.membership.org.id, jobId: input.jobId })),
    ),

  /** The organization's recent jobs, newest first. */
  list: orgProcedure("member")
    .input(z.object({ limit: z.number().int().min(1).max(100).default(50) }).default({ limit: 50 }))
    .query(async ({ ctx, input }) =>
      (await listDocumentJobs(ctx.domain, ctx.documents.links, { orgId: ctx.membership.org.id, limit: input.limit })).map(relativeLink),
    ),
});
