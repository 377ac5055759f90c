import { type Logger, badRequest, logger } from "@tolk/domain";

import { createDocumentStack, createTranslationStack, createWorker } from "../compose/services";
import { configureLogger } from "../observability/log";
import { serveMetrics } from "../observability/prometheus";
import { limitHeapGrowth } from "../runtime/heap-growth";
import { type ShutdownPlan, shutdownPlan } from "../runtime/shutdown-plan";
import { type ShutdownSignal, onShutdownSignals } from "../runtime/shutdown-signals";
import { type Command } from "./commands";

/**
 * Resolves on the first SIGINT or SIGTERM. The same signal again within a moment (a group signal
 * forwarded by a wrapper such as pnpm or tsx) is ignored; a later one exits at once.
 */
function shutdownSignal(log: Logger): Promise<ShutdownSignal> {
  return new Promise((resolve) => {
    onShutdownSignals({
      shutdown: resolve,
      duplicate: (signal) =>
        log.info({ signal }, "worker stopping: the same signal again (forwarded to the group), ignored"),
      force: (signal) => {
        log.warn({ signal }, "second signal: exiting at once");
        log.flush();
      },
    });
  });
}

/** Exits 1 when stopping overruns TOLK_SHUTDOWN_GRACE_S (a stuck close must not hold the exit). */
function exitWatchdog(log: Logger, plan: ShutdownPlan, graceS: number): void {
  setTimeout(() => {
    log.error({ grace_s: graceS }, "worker did not stop within TOLK_SHUTDOWN_GRACE_S: exiting");
    log.flush();
    process.exit(1);
  }, plan.exitMs).unref();
}

/**
 * `tolk worker`: a dedicated document worker sharing the server's queue (PostgreSQL), its
 * storage and its engines. Logs JSON lines on stdout; serves /metrics on TOLK_METRICS_PORT when
 * set. Runs until SIGINT/SIGTERM, then stops claiming, finishes the jobs in hand within
 * TOLK_SHUTDOWN_GRACE_S (less its closing reserve) or releases them to another worker, closes
 * and exits 0; with `--once` it drains the queue and exits.
 */
export const workerCommand: Command = {
  usage: "tolk worker [--once] [--concurrency N]",
  run: async ({ domain, env, database }, flags) => {
    const concurrency = Number(flags.concurrency ?? env.TOLK_WORKER_CONCURRENCY);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
      throw badRequest("--concurrency must be 1 to 64.");
    const once = String(flags.once) === "true";
    const log = configureLogger({
      level: env.TOLK_LOG_LEVEL,
      format: env.TOLK_LOG_FORMAT,
      base: { service: "worker" },
    });
    limitHeapGrowth(env.TOLK_HEAP_GROWTH_PERCENT);
    const metricsServer =
      env.TOLK_METRICS_PORT && !once
        ? await serveMetrics({ port: env.TOLK_METRICS_PORT, token: env.TOLK_METRICS_TOKEN })
        : null;
    const stack = await createTranslationStack(domain, env);
    const worker = createWorker(domain, createDocumentStack(domain, stack.translation, env), {
      concurrency,
      keepAlive: true,
    });
    try {
      if (once) return { worker_id: worker.id, jobs: await worker.drain() };
      log.info(
        {
          worker_id: worker.id,
          database: database.kind,
          location: database.location,
          concurrency,
          metrics_port: env.TOLK_METRICS_PORT ?? null,
        },
        "worker polling the queue",
      );
      worker.start();
      const signal = await shutdownSignal(log);
      const plan = shutdownPlan(env);
      exitWatchdog(log, plan, env.TOLK_SHUTDOWN_GRACE_S);
      log.info({ signal, grace_s: env.TOLK_SHUTDOWN_GRACE_S }, "worker stopping: finishing the jobs in hand");
      const released = await worker.stop({ graceMs: plan.workMs, releasedWaitMs: plan.releasedWaitMs });
      log.info({ signal, released }, "worker stopped");
      return { worker_id: worker.id, stopped: signal, released };
    } finally {
      await stack.close();
      metricsServer?.closeAllConnections();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      logger().flush();
    }
  },
  human: (r) =>
    r.jobs !== undefined ? `Ran ${Number(r.jobs)} document job(s).` : `Worker ${String(r.worker_id)} stopped.`,
};
