import { type DocumentJobView } from "@tolk/contract";
import { type DocumentJob, documentJobs } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../context";
import { jobNotFound } from "./document-errors";
import { jobView } from "./document-views";
import { type DownloadLinks } from "./download-links";

/** One job of one organization; another organization's job is 404, exactly like a missing one. */
export async function findOrgJob(ctx: DomainContext, orgId: string, jobId: string): Promise<DocumentJob> {
  const [job] = await ctx.db
    .select()
    .from(documentJobs)
    .where(and(eq(documentJobs.id, jobId), eq(documentJobs.orgId, orgId)));
  if (!job) throw jobNotFound();
  return job;
}

/** GET /v1/translate/{job_id}. */
export async function getDocumentJob(
  ctx: DomainContext,
  links: DownloadLinks,
  options: { orgId: string; jobId: string },
): Promise<DocumentJobView> {
  return jobView(ctx, await links.ready(), await findOrgJob(ctx, options.orgId, options.jobId));
}
