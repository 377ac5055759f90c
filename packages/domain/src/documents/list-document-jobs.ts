import { type DocumentJobView } from "@tolk/contract";
import { documentJobs } from "@tolk/db";
import { desc, eq } from "drizzle-orm";

import { type DomainContext } from "../context";
import { jobView } from "./document-views";
import { type DownloadLinks } from "./download-links";

/** The organization's most recent document jobs, newest first (the console's job list). */
export async function listDocumentJobs(
  ctx: DomainContext,
  links: DownloadLinks,
  options: { orgId: string; limit: number },
): Promise<DocumentJobView[]> {
  await links.ready();
  const rows = await ctx.db
    .select()
    .from(documentJobs)
    .where(eq(documentJobs.orgId, options.orgId))
    .orderBy(desc(documentJobs.createdAt), desc(documentJobs.id))
    .limit(options.limit);
  return rows.map((job) => jobView(ctx, links, job));
}
