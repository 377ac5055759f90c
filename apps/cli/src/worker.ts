import {
  DAY_MS,
  type DocumentServices,
  DocumentWorker,
  SegmentCache,
  badRequest,
  createStorage,
  createDownloadLinks,
  enginesConfig,
  limitHeapGrowth,
  storageConfig,
} from "@tolk/domain";
import { createEngines } from "@tolk/engines";

import { type Command } from "./commands";

/** Resolves on the first SIGINT or SIGTERM. */
function shutdownSignal(): Promise<string> {
  return new Promise((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve(signal));
  });
}

/**
 * `tolk worker`: a dedicated document worker sharing the server's queue (PostgreSQL), its
 * storage and its engines. Runs until SIGINT/SIGTERM, then finishes the jobs in hand; with
 * `--once` it drains the queue and exits.
 */
export const workerCommand: Command = {
  usage: "tolk worker [--once] [--concurrency N]",
  run: async ({ domain, env, database }, flags) => {
    const concurrency = Number(flags.concurrency ?? env.TOLK_WORKER_CONCURRENCY);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw badRequest("--concurrency must be 1 to 64.");
    const log = (message: string) => console.error(`[tolk worker] ${message}`);
    limitHeapGrowth(env.TOLK_HEAP_GROWTH_PERCENT);
    const engines = await createEngines(enginesConfig(env), log);
    const services: DocumentServices = {
      translation: { router: engines.router, cache: new SegmentCache({ maxEntries: env.TOLK_SEGMENT_CACHE_ENTRIES }) },
      storage: createStorage(storageConfig(env)),
      links: createDownloadLinks(domain, { baseUrl: env.TOLK_PUBLIC_URL, secret: env.TOLK_DOWNLOAD_SECRET }),
      retentionMs: env.TOLK_DOCUMENT_RETENTION_DAYS * DAY_MS,
      leaseMs: env.TOLK_JOB_LEASE_SEC * 1000,
      log,
    };
    const worker = new DocumentWorker(domain, services, { concurrency, keepAlive: true });
    try {
      if (String(flags.once) === "true") return { worker_id: worker.id, jobs: await worker.drain() };
      log(`${worker.id} polling the queue on ${database.kind} (${database.location}), ${concurrency} at a time; Ctrl-C stops it`);
      worker.start();
      const signal = await shutdownSignal();
      log(`${signal}: finishing the jobs in hand`);
      await worker.stop();
      return { worker_id: worker.id, stopped: signal };
    } finally {
      await engines.close();
    }
  },
  human: (r) => (r.jobs !== undefined ? `Ran ${Number(r.jobs)} document job(s).` : `Worker ${String(r.worker_id)} stopped.`),
};
