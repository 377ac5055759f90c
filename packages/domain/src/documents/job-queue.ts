import { type DocumentJob, documentJobs } from "@tolk/db";
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";

import { type DomainContext } from "../context";

/** How long a worker owns a job without renewing its lease; renewed after every chunk. */
export const DEFAULT_LEASE_MS = 60_000;

/** Backoff before retry n (1-based): 5 s, 20 s, 45 s… so a failing engine gets time to recover. */
export function retryDelayMs(attempt: number): number {
  return 5_000 * attempt * attempt;
}

/**
 * Ends jobs whose worker stopped renewing the lease and that have used all their attempts:
 * they become `failed`, so nothing stays `processing` forever. Returns their ids.
 */
export async function failAbandonedJobs(ctx: DomainContext): Promise<string[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .update(documentJobs)
    .set({
      status: "failed",
      progress: 0,
      error:
        "The document translation was interrupted (the worker stopped) and could not be completed after its retries.",
      leaseUntil: null,
      workerId: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(documentJobs.status, "processing"),
        lt(documentJobs.leaseUntil, now),
        sql`${documentJobs.attempts} >= ${documentJobs.maxAttempts}`,
      ),
    )
    .returning({ id: documentJobs.id });
  return rows.map((r) => r.id);
}

/**
 * Claims the oldest runnable job for `workerId`: a queued job that is due, or a `processing`
 * job whose lease ran out (its worker crashed) with attempts left. `FOR UPDATE SKIP LOCKED`
 * lets any number of workers claim concurrently without taking the same job.
 */
export async function claimNextJob(
  ctx: DomainContext,
  options: { workerId: string; leaseMs?: number },
): Promise<DocumentJob | null> {
  const now = ctx.now();
  const next = ctx.db
    .select({ id: documentJobs.id })
    .from(documentJobs)
    .where(
      or(
        and(eq(documentJobs.status, "created"), sql`${documentJobs.runAfter} <= ${now.toISOString()}::timestamptz`),
        and(
          eq(documentJobs.status, "processing"),
          lt(documentJobs.leaseUntil, now),
          sql`${documentJobs.attempts} < ${documentJobs.maxAttempts}`,
        ),
      ),
    )
    .orderBy(asc(documentJobs.runAfter))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await ctx.db
    .update(documentJobs)
    .set({
      status: "processing",
      progress: 0,
      error: null,
      attempts: sql`${documentJobs.attempts} + 1`,
      leaseUntil: new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)),
      workerId: options.workerId,
      updatedAt: now,
    })
    .where(inArray(documentJobs.id, next))
    .returning();
  return job ?? null;
}

/**
 * Extends the worker's lease and records progress. False when the worker no longer owns the
 * job (its lease ran out and another worker took it): the caller must stop without writing.
 */
export async function renewLease(
  ctx: DomainContext,
  options: { jobId: string; workerId: string; progress: number; leaseMs?: number },
): Promise<boolean> {
  const now = ctx.now();
  const rows = await ctx.db
    .update(documentJobs)
    .set({
      progress: Math.min(1, Math.max(0, options.progress)),
      leaseUntil: new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)),
      updatedAt: now,
    })
    .where(
      and(
        eq(documentJobs.id, options.jobId),
        eq(documentJobs.workerId, options.workerId),
        eq(documentJobs.status, "processing"),
      ),
    )
    .returning({ id: documentJobs.id });
  return rows.length === 1;
}

/** A job's end when its run threw: `error` for a problem with the input, otherwise a retry or `failed`. */
export async function settleJobFailure(
  ctx: DomainContext,
  options: { job: DocumentJob; workerId: string; inputProblem: boolean; message: string },
): Promise<"error" | "failed" | "retry" | "lost"> {
  const { job } = options;
  const now = ctx.now();
  const retry = !options.inputProblem && job.attempts < job.maxAttempts;
  const status = options.inputProblem ? "error" : retry ? "created" : "failed";
  const rows = await ctx.db
    .update(documentJobs)
    .set({
      status,
      progress: 0,
      error: retry ? null : options.message,
      leaseUntil: null,
      workerId: null,
      runAfter: retry ? new Date(now.getTime() + retryDelayMs(job.attempts)) : job.runAfter,
      updatedAt: now,
    })
    .where(
      and(
        eq(documentJobs.id, job.id),
        eq(documentJobs.workerId, options.workerId),
        eq(documentJobs.status, "processing"),
      ),
    )
    .returning({ id: documentJobs.id });
  if (rows.length === 0) return "lost";
  return retry ? "retry" : status === "error" ? "error" : "failed";
}

export interface DocumentQueueStats {
  /** Jobs per status (every status present, 0 when none). */
  byState: Record<DocumentJob["status"], number>;
  /** Queued jobs whose time has come (not those waiting out a retry backoff). */
  due: number;
  /** Seconds the oldest due job has waited; 0 when none waits. */
  oldestDueSeconds: number;
}

/** The queue at a glance, for the metrics scrape: one grouped read of the jobs table. */
export async function documentQueueStats(ctx: DomainContext): Promise<DocumentQueueStats> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      status: documentJobs.status,
      count: sql<number>`count(*)::int`,
      due: sql<number>`(count(*) filter (where ${documentJobs.runAfter} <= ${now.toISOString()}::timestamptz))::int`,
      oldestDue: sql<
        string | null
      >`min(${documentJobs.runAfter}) filter (where ${documentJobs.runAfter} <= ${now.toISOString()}::timestamptz)`,
    })
    .from(documentJobs)
    .groupBy(documentJobs.status);
  const byState: DocumentQueueStats["byState"] = { created: 0, processing: 0, completed: 0, error: 0, failed: 0 };
  let due = 0;
  let oldestDueSeconds = 0;
  for (const row of rows) {
    byState[row.status] = Number(row.count);
    if (row.status !== "created") continue;
    due = Number(row.due);
    if (row.oldestDue) oldestDueSeconds = Math.max(0, (now.getTime() - new Date(row.oldestDue).getTime()) / 1000);
  }
  return { byState, due, oldestDueSeconds };
}

/**
 * Gives a stopping worker's unfinished jobs back to the queue: `created`, due now, lease
 * cleared, the attempt not counted (the job did not fail), so another worker takes it at its
 * next poll instead of after the lease. Its run's later writes find it no longer owned.
 */
export async function releaseWorkerJobs(ctx: DomainContext, workerId: string): Promise<DocumentJob[]> {
  const now = ctx.now();
  return ctx.db
    .update(documentJobs)
    .set({
      status: "created",
      progress: 0,
      attempts: sql`greatest(${documentJobs.attempts} - 1, 0)`,
      leaseUntil: null,
      workerId: null,
      runAfter: now,
      updatedAt: now,
    })
    .where(and(eq(documentJobs.workerId, workerId), eq(documentJobs.status, "processing")))
    .returning();
}
