import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

import { type DomainContext } from "../context";
import { type DocumentServices } from "./document-services";
import { claimNextJob, failAbandonedJobs } from "./job-queue";
import { LeaseLostError, runDocumentJob } from "./run-document-job";
import { sweepExpiredDocuments } from "./sweep-expired-documents";

export interface WorkerOptions {
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How often an idle worker looks for work (a job queued in this process wakes it at once). */
  pollMs?: number;
  /** How often the retention sweep runs. */
  sweepMs?: number;
  /**
   * Keep the process alive for the polling timer. A server has its HTTP listener for that; a
   * dedicated worker (`tolk worker`) has nothing else, and would exit when idle.
   */
  keepAlive?: boolean;
}

/**
 * Runs queued document jobs: claims (SKIP LOCKED, so any number of workers share one queue),
 * runs, repeats; ends jobs abandoned by a crashed worker; sweeps expired files. In-process in
 * the web server by default, or as `tolk worker`.
 */
export class DocumentWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private running = 0;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private lastSweep = 0;
  private readonly active = new Set<Promise<void>>();
  private pumping = false;

  constructor(
    private readonly ctx: DomainContext,
    private readonly services: DocumentServices,
    private readonly options: WorkerOptions = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Something was queued: look now instead of at the next poll. */
  nudge(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Stops claiming and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.active]);
  }

  /** Claims and runs jobs until none is runnable; returns how many ran (tests, `tolk worker --once`). */
  async drain(): Promise<number> {
    let ran = 0;
    await failAbandonedJobs(this.ctx);
    for (;;) {
      const job = await claimNextJob(this.ctx, { workerId: this.id, leaseMs: this.services.leaseMs });
      if (!job) return ran;
      ran++;
      await runDocumentJob(this.ctx, this.services, { job, workerId: this.id }).catch(() => undefined);
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pump(), ms);
    if (!this.options.keepAlive) this.timer.unref();
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    try {
      await this.housekeeping();
      const concurrency = this.options.concurrency ?? 1;
      while (!this.stopped && this.running < concurrency) {
        const job = await claimNextJob(this.ctx, { workerId: this.id, leaseMs: this.services.leaseMs });
        if (!job) break;
        this.running++;
        const run = runDocumentJob(this.ctx, this.services, { job, workerId: this.id })
          .then(() => undefined)
          .catch((err: unknown) => {
            if (err instanceof LeaseLostError) this.services.log?.(err.message);
          })
          .finally(() => {
            this.running--;
            this.active.delete(run);
            this.nudge();
          });
        this.active.add(run);
      }
    } catch (err) {
      this.services.log?.(`document worker: ${String(err)}`);
    } finally {
      this.pumping = false;
      this.schedule(this.options.pollMs ?? 1_000);
    }
  }

  private async housekeeping(): Promise<void> {
    await failAbandonedJobs(this.ctx);
    const now = Date.now();
    if (now - this.lastSweep >= (this.options.sweepMs ?? 3_600_000)) {
      this.lastSweep = now;
      const purged = await sweepExpiredDocuments(this.ctx, this.services.storage);
      if (purged > 0) this.services.log?.(`retention: deleted the files of ${purged} document job(s)`);
    }
  }
}
