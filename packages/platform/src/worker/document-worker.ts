import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import {
  type DocumentServices,
  type DomainContext,
  LeaseLostError,
  claimNextJob,
  errorFields,
  failAbandonedJobs,
  jobEvent,
  logger,
  releaseWorkerJobs,
  runDocumentJob,
} from "@tolk/domain";

import { Housekeeping, workerHousekeeping } from "./housekeeping";

export interface WorkerOptions {
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How often an idle worker looks for work (a job queued in this process wakes it at once). */
  pollMs?: number;
  /**
   * Keep the process alive for the polling timer. A server has its HTTP listener for that; a
   * dedicated worker (`tolk worker`) has nothing else, and would exit when idle.
   */
  keepAlive?: boolean;
}

/** How long stop() waits for released runs to notice before it returns anyway, unless told. */
const RELEASED_RUN_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Runs queued document jobs: claims (SKIP LOCKED, so any number of workers share one queue),
 * runs, repeats; ends jobs abandoned by a crashed worker; and on each tick runs its housekeeping
 * (retention, webhook delivery). In-process in the web server by default, or as `tolk worker`.
 */
export class DocumentWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private running = 0;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private readonly housekeeping: Housekeeping;
  private readonly active = new Set<Promise<void>>();
  private pumping = false;
  private abort = new AbortController();
  private stopping: Promise<string[]> | null = null;

  constructor(
    private readonly ctx: DomainContext,
    private readonly services: DocumentServices,
    private readonly options: WorkerOptions = {},
  ) {
    this.housekeeping = new Housekeeping(workerHousekeeping(ctx, services), ctx.now);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = null;
    if (this.abort.signal.aborted) this.abort = new AbortController();
    this.schedule(0);
  }

  /** Something was queued: look now instead of at the next poll. */
  nudge(): void {
    if (!this.stopped) this.schedule(0);
  }

  /**
   * Stops claiming and waits for the jobs in hand. With `graceMs`, a job still running after
   * that long is released (back to the queue, due now: another worker resumes it at once) and
   * its run is told to stop, and stop() waits up to `releasedWaitMs` for the run to end;
   * returns the ids of the jobs released.
   */
  stop(options: { graceMs?: number; releasedWaitMs?: number } = {}): Promise<string[]> {
    // A second call (the context closing after a graceful stop) waits for the first.
    this.stopping ??= this.halt(options.graceMs, options.releasedWaitMs ?? RELEASED_RUN_WAIT_MS);
    return this.stopping;
  }

  private async halt(graceMs: number | undefined, releasedWaitMs: number): Promise<string[]> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A claim in progress could otherwise start a job after the release below.
    while (this.pumping) await new Promise((r) => setTimeout(r, 10));
    if (graceMs === undefined) {
      await this.housekeeping.settled();
      await Promise.allSettled([...this.active]);
      return [];
    }
    const settled = Promise.allSettled([...this.active]).then(() => true);
    if (await Promise.race([settled, sleep(graceMs).then(() => false)])) return [];
    const released = await releaseWorkerJobs(this.ctx, this.id);
    for (const job of released) jobEvent("released", job, { worker_id: this.id });
    this.abort.abort();
    // The runs end at their next chunk; one stuck in an engine call is left to the exit.
    await Promise.race([settled, sleep(releasedWaitMs)]);
    return released.map((j) => j.id);
  }

  /** Claims and runs jobs until none is runnable; returns how many ran (tests, `tolk worker --once`). */
  async drain(): Promise<number> {
    let ran = 0;
    await failAbandonedJobs(this.ctx);
    for (;;) {
      const job = await claimNextJob(this.ctx, { workerId: this.id, leaseMs: this.services.leaseMs });
      if (!job) return ran;
      ran++;
      await runDocumentJob(this.ctx, this.services, { job, workerId: this.id, signal: this.abort.signal }).catch(
        () => undefined,
      );
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
      await failAbandonedJobs(this.ctx);
      this.housekeeping.tick();
      const concurrency = this.options.concurrency ?? 1;
      while (!this.stopped && this.running < concurrency) {
        const job = await claimNextJob(this.ctx, { workerId: this.id, leaseMs: this.services.leaseMs });
        if (!job) break;
        this.running++;
        const run = runDocumentJob(this.ctx, this.services, { job, workerId: this.id, signal: this.abort.signal })
          .then(() => undefined)
          .catch((err: unknown) => {
            if (err instanceof LeaseLostError) logger().info({ job_id: job.id, worker_id: this.id }, err.message);
          })
          .finally(() => {
            this.running--;
            this.active.delete(run);
            this.nudge();
          });
        this.active.add(run);
      }
    } catch (err) {
      logger().error({ worker_id: this.id, ...errorFields(err) }, "document worker: claiming a job failed");
    } finally {
      this.pumping = false;
      this.schedule(this.options.pollMs ?? 1_000);
    }
  }
}
