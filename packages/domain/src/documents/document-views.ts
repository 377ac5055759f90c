import { type DocumentJobView } from "@tolk/contract";
import { type DocumentJob } from "@tolk/db";

import { type DomainContext } from "../context";
import { DOWNLOAD_LINK_TTL_MS, type DownloadLinks } from "./download-links";

/** The pre-signed link of a completed job's result (24 h), or null when there is none (any more). */
export function downloadUrl(ctx: DomainContext, links: DownloadLinks, job: DocumentJob): string | null {
  if (job.status !== "completed" || !job.resultKey || job.purgedAt) return null;
  const now = ctx.now().getTime();
  // Never promise a link beyond the moment the retention sweep deletes the file.
  const expires = Math.min(now + DOWNLOAD_LINK_TTL_MS, job.expiresAt.getTime());
  return links.url(job, new Date(expires));
}

/** A job as GET /v1/translate/{job_id} shows it; progress per the spec's table. */
export function jobView(ctx: DomainContext, links: DownloadLinks, job: DocumentJob): DocumentJobView {
  const progress = job.status === "completed" ? 1 : job.status === "processing" ? job.progress : 0;
  return {
    job_id: job.id,
    status: job.status,
    progress,
    result_url: downloadUrl(ctx, links, job),
    error:
      job.status === "error" || job.status === "failed" ? (job.error ?? "The document could not be translated.") : null,
    filename: job.filename,
    source_lang: job.sourceLang,
    target_lang: job.targetLang,
    character_count: job.characters,
    credits_used: job.credits,
    created_at: job.createdAt.toISOString(),
    completed_at: job.completedAt?.toISOString() ?? null,
    expires_at: job.expiresAt.toISOString(),
    ...(job.status === "completed" ? { quality_score: job.qualityScore } : {}),
    ...(job.status === "completed" && job.lowestSegments.length > 0 ? { lowest_segments: job.lowestSegments } : {}),
    ...(job.warnings.length > 0 ? { warnings: job.warnings } : {}),
  };
}
