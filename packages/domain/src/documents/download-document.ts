import { type DocumentJob, documentJobs } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../context";
import { unauthorized } from "../errors";
import { ObjectNotFoundError } from "../ports/object-storage";
import { invalidDownloadLink, jobNotFound, resultGone } from "./document-errors";
import { resolveDocumentFormat, translatedFilename } from "./document-format";
import { type DocumentServices } from "./document-services";
import { findOrgJob } from "./get-document-job";

// The storage's own direct link (S3) only has to last until the client follows the redirect.
const DIRECT_LINK_SECONDS = 300;

export type DownloadAnswer =
  { kind: "bytes"; body: Uint8Array; filename: string; contentType: string } | { kind: "redirect"; url: string };

/**
 * GET /v1/documents/{job_id}/download: with `expires` and `signature` (the pre-signed link) no
 * credentials are needed, and a wrong or expired signature is 403; without them the caller
 * must belong to the job's organization (another organization's job is 404).
 */
export async function downloadDocument(
  ctx: DomainContext,
  services: Pick<DocumentServices, "storage" | "links">,
  options: { jobId: string; orgId: string | null; expires: string | null; signature: string | null },
): Promise<DownloadAnswer> {
  await services.links.ready();
  let job: DocumentJob;
  if (options.expires !== null || options.signature !== null) {
    const [row] = await ctx.db.select().from(documentJobs).where(eq(documentJobs.id, options.jobId));
    // An unknown job and a bad signature look the same to someone guessing ids.
    if (!row || !services.links.verify(row, options.expires ?? "", options.signature ?? "", ctx.now()))
      throw invalidDownloadLink();
    job = row;
  } else {
    if (options.orgId === null) throw unauthorized();
    job = await findOrgJob(ctx, options.orgId, options.jobId);
  }
  if (job.status !== "completed") throw jobNotFound();
  if (!job.resultKey || job.purgedAt) throw resultGone();
  const contentType = resolveDocumentFormat(job.filename).format.mime_type;
  const filename = translatedFilename(job.filename, job.targetLang);
  const direct = await services.storage.directDownloadUrl(job.resultKey, {
    filename,
    contentType,
    expiresInSeconds: DIRECT_LINK_SECONDS,
  });
  if (direct) return { kind: "redirect", url: direct };
  try {
    return { kind: "bytes", body: await services.storage.get(job.resultKey), filename, contentType };
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw resultGone();
    throw err;
  }
}
