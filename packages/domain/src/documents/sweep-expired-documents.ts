import { documentJobs } from "@tolk/db";
import { and, asc, eq, isNull, lt, notInArray } from "drizzle-orm";

import { type DomainContext } from "../context";
import { type ObjectStorage } from "../ports/object-storage";
import { jobObjectKeys } from "./document-objects";

/**
 * Retention: deletes the input, its stored segments and the result of jobs past `expires_at` and marks them purged
 * (the job row stays, so its status and billing remain visible). A job still queued or
 * running is left alone. Returns how many jobs were purged.
 */
export async function sweepExpiredDocuments(
  ctx: DomainContext,
  storage: ObjectStorage,
  options: { batch?: number } = {},
): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select()
    .from(documentJobs)
    .where(
      and(
        isNull(documentJobs.purgedAt),
        lt(documentJobs.expiresAt, now),
        notInArray(documentJobs.status, ["created", "processing"]),
      ),
    )
    .orderBy(asc(documentJobs.expiresAt))
    .limit(options.batch ?? 500);
  for (const job of due) {
    for (const key of jobObjectKeys(job)) await storage.delete(key);
    await ctx.db.update(documentJobs).set({ purgedAt: now, updatedAt: now }).where(eq(documentJobs.id, job.id));
  }
  return due.length;
}
