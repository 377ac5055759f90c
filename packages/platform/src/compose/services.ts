import { type DatabaseHandle } from "@tolk/db";
import {
  type DocumentServices,
  type DomainContext,
  type TranslationServices,
  SegmentCache,
  createDomainContext,
  documentQueueStats,
  logger,
  webhookPolicyFromEnv,
} from "@tolk/domain";
import { type Engines, createEngines } from "@tolk/engines";

import { DebitGroupCommit } from "../billing/debit-group-commit";
import { SpendableHints } from "../billing/spendable-hints";
import { createDocumentServices } from "../env/documents-env";
import { defaultSourceLang, enginesConfig, orgEnginesFromEnv } from "../env/engines-env";
import { prometheusMetrics } from "../observability/prometheus";
import { DocumentWorker, type WorkerOptions } from "../worker/document-worker";
import { type ProcessEnv } from "./env";

// The composition root: the one place that picks the adapters behind the domain's ports for
// a process. The web app, `tolk worker` and the other `tolk` commands build from these.

/**
 * The root context of a long-running process (the server, `tolk worker`): debits of concurrent
 * requests share one statement (PGlite runs one statement at a time anyway, so one batch in
 * flight; PostgreSQL a few), and the translation pre-check keeps a spendable-credit cache.
 */
export function createServerContext(database: DatabaseHandle, env: ProcessEnv): DomainContext {
  return createDomainContext({
    db: database.db,
    debits: new DebitGroupCommit(database.db, { maxInFlight: database.kind === "pglite" ? 1 : 4 }),
    spendable: new SpendableHints(),
    webhooks: webhookPolicyFromEnv(env),
  });
}

/** The context of a one-off `tolk` command: plain ports, recorded in the audit log as the CLI. */
export function createCommandContext(
  database: DatabaseHandle,
  env: ProcessEnv,
  actor: DomainContext["actor"],
): DomainContext {
  return createDomainContext({ db: database.db, actor, webhooks: webhookPolicyFromEnv(env) });
}

export interface TranslationStack {
  engines: Engines;
  translation: TranslationServices;
  close(): Promise<void>;
}

/** The engines of the environment and the translation services over them (segment cache, organizations' own DeepL keys). */
export async function createTranslationStack(domain: DomainContext, env: ProcessEnv): Promise<TranslationStack> {
  const engines = await createEngines(enginesConfig(env), (message) => logger().warn(message));
  const orgEngines = orgEnginesFromEnv(domain, env);
  const translation: TranslationServices = {
    router: engines.router,
    cache: new SegmentCache({ maxEntries: env.TOLK_SEGMENT_CACHE_ENTRIES }),
    defaultSourceLang: defaultSourceLang(env),
    orgEngines,
  };
  return {
    engines,
    translation,
    close: async () => {
      await orgEngines.close();
      await engines.close();
    },
  };
}

/** The document services of a process. The document-job gauges of /metrics are read from the jobs table when it is scraped. */
export function createDocumentStack(
  domain: DomainContext,
  translation: TranslationServices,
  env: ProcessEnv,
): DocumentServices {
  prometheusMetrics().setQueueSource(() => documentQueueStats(domain));
  return createDocumentServices(domain, translation, env);
}

/** A document worker over the process's document services; a job queued in this process wakes it at once. */
export function createWorker(
  domain: DomainContext,
  documents: DocumentServices,
  options: WorkerOptions,
): DocumentWorker {
  const worker = new DocumentWorker(domain, documents, options);
  documents.onQueued = () => worker.nudge();
  return worker;
}
