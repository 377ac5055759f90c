import { type DocumentJobView } from "@tolk/contract";
import {
  assertAllowed,
  badRequest,
  getDocumentJob,
  listDocumentJobs,
  parseDocumentFields,
  submitDocument,
  translatedFilename,
} from "@tolk/domain";
import { z } from "zod";

import { loggedOrgProcedure } from "../logged-procedure";
import { memberPrincipal } from "../principal";
import { orgProcedure, router } from "../trpc";

/** The upload arrives as multipart form data, field for field what POST /v1/translate/document takes. */
const uploadForm = z.instanceof(FormData);

/** The form's text fields; a file anywhere but `file` is refused, as /v1 refuses it. */
function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  form.forEach((value, name) => {
    if (name === "file") return;
    if (typeof value !== "string") throw badRequest(`'${name}': only 'file' may be a file.`, name);
    fields[name] = value;
  });
  return fields;
}

/**
 * The pre-signed link made relative: the browser follows it on the console's own origin, which
 * need not be TOLK_PUBLIC_URL (a proxy, a port-forward, a test server on a random port).
 */
function relativeLink(job: DocumentJobView): DocumentJobView & { download_path: string | null; download_name: string } {
  // The name the download link saves under, as the link's own Content-Disposition names it.
  const download_name = translatedFilename(job.filename, job.target_lang);
  if (!job.result_url) return { ...job, download_path: null, download_name };
  const url = new URL(job.result_url);
  return { ...job, download_path: `${url.pathname}${url.search}`, download_name };
}

export const documentsRouter = router({
  /** Queues the document (the page polls `job`); refusals (format, size, pair, credits) come at once. In the request log. */
  submit: loggedOrgProcedure("member")
    .input(uploadForm)
    .mutation(async ({ ctx, input }) => {
      const file = input.get("file");
      if (!(file instanceof File)) throw badRequest("Choose a file to translate.", "file");
      // The console always queues; the form's rules are /v1's.
      const { request } = parseDocumentFields(formFields(input));
      const principal = memberPrincipal(ctx);
      assertAllowed(await ctx.limiter.consume(principal, ["segment"]));
      const upload = { filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
      const submitted = await submitDocument(ctx.domain, ctx.documents, {
        principal,
        requestId: ctx.requestId,
        upload,
        request,
        async: true,
      });
      const jobId = submitted.kind === "queued" ? submitted.job.job_id : submitted.result.job_id;
      return relativeLink(await getDocumentJob(ctx.domain, ctx.documents.links, { orgId: principal.org.id, jobId }));
    }),

  /** One job, for the live progress (GET /v1/translate/{job_id}). */
  job: orgProcedure("member")
    .input(z.object({ jobId: z.string().min(1) }))
    .query(async ({ ctx, input }) =>
      relativeLink(
        await getDocumentJob(ctx.domain, ctx.documents.links, { orgId: ctx.membership.org.id, jobId: input.jobId }),
      ),
    ),

  /** The organization's recent jobs, newest first. */
  list: orgProcedure("member")
    .input(z.object({ limit: z.number().int().min(1).max(100).default(50) }).default({ limit: 50 }))
    .query(async ({ ctx, input }) =>
      (
        await listDocumentJobs(ctx.domain, ctx.documents.links, { orgId: ctx.membership.org.id, limit: input.limit })
      ).map(relativeLink),
    ),
});
