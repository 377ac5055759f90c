import { type DocumentJob } from "@tolk/db";
import {
  type Principal,
  TolkError,
  badRequest,
  contentDisposition,
  defaultSourceLangFor,
  detectDocumentLanguage,
  downloadDocument,
  findOrgJob,
  notFound,
  submitDocument,
} from "@tolk/domain";

import { type AppContext } from "../../context";
import { type Params } from "../params";
import { tolkLanguage } from "./languages";

/**
 * POST /v2/document: the upload is submitted to Tolk's document use case as an asynchronous
 * job (the same checks, credits and usage as POST /v1/translate/document with async=true).
 * `document_key` is a secret derived from the job (download-links.ts): status and result need it.
 */
export async function uploadDeeplDocument(
  app: AppContext,
  principal: Principal,
  requestId: string,
  params: Params,
): Promise<{ document_id: string; document_key: string }> {
  const file = params.files.get("file");
  if (!file) throw badRequest("'file' is required: upload the document as a file part named 'file'.", "file");
  const target = params.get("target_lang");
  if (!target) throw badRequest("'target_lang' is required.", "target_lang");
  const outputFormat = params.get("output_format");
  if (outputFormat)
    throw badRequest("'output_format' is not supported: Tolk returns the document in its own format.", "output_format");
  const targetLang = tolkLanguage(target, "target_lang");
  const source = params.get("source_lang");
  const upload = { filename: params.get("filename") ?? file.filename, bytes: file.bytes };
  // Without source_lang DeepL detects the document's language: so does Tolk, from its text.
  const sourceLang = source
    ? tolkLanguage(source, "source_lang")
    : (
        await detectDocumentLanguage(upload, {
          targetLang,
          defaultSourceLang: defaultSourceLangFor(app.translation, principal.org),
        })
      ).language;
  const glossaryId = params.get("glossary_id");
  const submitted = await submitDocument(app.domain, app.documents, {
    principal,
    requestId,
    upload,
    request: {
      source_lang: sourceLang,
      target_lang: targetLang,
      ...(glossaryId ? { glossary_ids: [glossaryId] } : {}),
    },
    async: true,
  });
  const id = submitted.kind === "queued" ? submitted.job.job_id : submitted.result.job_id;
  return { document_id: id, document_key: app.documents.links.jobKey({ id, orgId: principal.org.id }) };
}

/** The caller's job, when `document_key` is the one handed out with it (404 otherwise, as for a missing job). */
export async function findKeyedJob(
  app: AppContext,
  principal: Principal,
  documentId: string,
  params: Params,
): Promise<DocumentJob> {
  const key = params.get("document_key");
  if (!key) throw badRequest("'document_key' is required.", "document_key");
  const job = await findOrgJob(app.domain, principal.org.id, documentId);
  await app.documents.links.ready();
  if (!app.documents.links.verifyJobKey(job, key)) throw notFound("A document with this document_id and document_key");
  return job;
}

const STATUS = {
  created: "queued",
  processing: "translating",
  completed: "done",
  error: "error",
  failed: "error",
} as const;

/**
 * Seconds until a translating job is done, as DeepL estimates them: the time the job has taken so
 * far, scaled by the share still to do. Absent until the first progress is saved (no basis).
 */
export function secondsRemaining(job: Pick<DocumentJob, "progress" | "createdAt">, now: Date): number | undefined {
  if (job.progress <= 0 || job.progress >= 1) return undefined;
  const elapsed = Math.max(0, now.getTime() - job.createdAt.getTime()) / 1000;
  return Math.ceil((elapsed * (1 - job.progress)) / job.progress);
}

/** POST /v2/document/{id}: the job's state in DeepL's fields. */
export function deeplDocumentStatus(job: DocumentJob, now = new Date()) {
  const status = STATUS[job.status];
  const remaining = status === "translating" ? secondsRemaining(job, now) : undefined;
  return {
    document_id: job.id,
    status,
    ...(remaining === undefined ? {} : { seconds_remaining: remaining }),
    ...(status === "done" ? { billed_characters: job.credits ?? 0 } : {}),
    ...(status === "error" ? { error_message: job.error ?? "The document could not be translated." } : {}),
  };
}

/** DeepL answers a result asked for too early with 503 (deepl-node: DocumentNotReadyError). */
const notReady = () =>
  new TolkError(503, "document_not_ready", "api_error", "The document is not translated yet.", {
    headers: { "Retry-After": "1" },
  });

/** POST /v2/document/{id}/result: the translated file, as GET /v1/documents/{id}/download gives it. */
export async function deeplDocumentResult(app: AppContext, job: DocumentJob): Promise<Response> {
  if (job.status !== "completed") {
    if (job.status === "error" || job.status === "failed")
      throw badRequest(job.error ?? "The document could not be translated.");
    throw notReady();
  }
  const answer = await downloadDocument(app.domain, app.documents, {
    jobId: job.id,
    orgId: job.orgId,
    expires: null,
    signature: null,
  });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (answer.kind === "redirect") {
    headers.set("Location", answer.url);
    return new Response(null, { status: 302, headers });
  }
  headers.set("Content-Type", answer.contentType);
  headers.set("Content-Disposition", contentDisposition(answer.filename));
  headers.set("Content-Length", String(answer.body.byteLength));
  return new Response(answer.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
