import {
  type Clock,
  type DocumentServices,
  type DomainContext,
  deliverDueWebhooks,
  errorFields,
  logger,
  pruneRequestLog,
  sweepExpiredDocuments,
  sweepIdempotencyRecords,
} from "@tolk/domain";

const HOUR_MS = 3_600_000;

/** Work a process repeats on its own: each job runs when due, never twice at once. */
export interface ScheduledJob {
  name: string;
  /** How long after a run starts the next one is due (0: at every tick). */
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs scheduled jobs on the ticks of a loop (the document worker's poll, or its own timer), by
 * the injected clock: a test moves the clock and calls tick() instead of waiting an hour. A job
 * runs beside the loop, so a slow one (a webhook receiver that does not answer) never holds up
 * claiming work.
 */
export class Housekeeping {
  private readonly lastRun = new Map<string, number>();
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly jobs: readonly ScheduledJob[],
    private readonly now: Clock,
  ) {}

  /** Starts every job that is due and not still running. */
  tick(): void {
    const now = this.now().getTime();
    for (const job of this.jobs) {
      if (this.running.has(job.name)) continue;
      const last = this.lastRun.get(job.name);
      if (last !== undefined && now - last < job.everyMs) continue;
      this.lastRun.set(job.name, now);
      const run = job
        .run()
        .catch((err: unknown) => logger().error({ job: job.name, ...errorFields(err) }, `${job.name}: a round failed`))
        .finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
    }
  }

  /** Ticks every `ms` on its own timer (a process with no worker loop to tick it); the timer keeps no process alive. */
  start(ms: number): void {
    this.stop();
    this.timer = setInterval(() => this.tick(), ms);
    this.timer.unref();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Waits for the jobs running now (a stopping process). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}

/**
 * What a process that runs document jobs also keeps up: the retention of documents and of the
 * request log (hourly), and the webhook outbox (at every tick, beside the jobs).
 */
export function workerHousekeeping(ctx: DomainContext, services: DocumentServices): ScheduledJob[] {
  const jobs: ScheduledJob[] = [
    {
      name: "document retention",
      everyMs: HOUR_MS,
      run: async () => {
        const purged = await sweepExpiredDocuments(ctx, services.storage);
        if (purged > 0) logger().info({ jobs: purged }, "retention: deleted the files of expired document jobs");
      },
    },
    { name: "webhook delivery", everyMs: 0, run: async () => void (await deliverDueWebhooks(ctx)) },
  ];
  const retentionMs = services.requestLogRetentionMs;
  if (retentionMs) {
    jobs.push({
      name: "request-log retention",
      everyMs: HOUR_MS,
      run: async () => {
        const pruned = await pruneRequestLog(ctx, { retentionMs });
        if (pruned > 0)
          logger().info({ entries: pruned }, "retention: deleted request-log entries past their retention");
      },
    });
  }
  return jobs;
}

/** What every server keeps up: idempotency records past their 24 hours, hourly. */
export function serverHousekeeping(ctx: DomainContext): ScheduledJob[] {
  return [{ name: "idempotency sweep", everyMs: HOUR_MS, run: async () => void (await sweepIdempotencyRecords(ctx)) }];
}
