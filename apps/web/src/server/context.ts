import { AsyncLocalStorage } from "node:async_hooks";

import { type DatabaseHandle, migrateDatabase, openDatabase } from "@tolk/db";
import {
  type Authenticator,
  DebitGroupCommit,
  type DocumentServices,
  DocumentWorker,
  type DomainContext,
  MemoryRateLimitStore,
  PrincipalCache,
  RateLimiter,
  RequestLogWriter,
  RedisRateLimitStore,
  SegmentCache,
  SpendableHints,
  type TranslationServices,
  createDocumentServices,
  createKeyResolver,
  defaultSourceLang,
  documentQueueStats,
  enginesConfig,
  logger,
  orgEnginesFromEnv,
  parseWarmSetting,
  queueLowCreditAlerts,
  systemClock,
  warmEngines,
  webhookPolicyFromEnv,
} from "@tolk/domain";

import { prometheusMetrics } from "@tolk/domain/prometheus";
import { type Engines, createEngines } from "@tolk/engines";

import { type Env, readEnv } from "../env";

/** Everything a request needs, built once per process. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  domain: DomainContext;
  auth: Authenticator;
  limiter: RateLimiter;
  engines: Engines;
  translation: TranslationServices;
  /** Storage, download links and the queue of document jobs. */
  documents: DocumentServices;
  /** The in-process document worker; null when TOLK_WORKER=off (dedicated `tolk worker` processes). */
  worker: DocumentWorker | null;
  /** Every /v1 request of an organization, written in batches (the console's request log). */
  requestLog: RequestLogWriter;
  close(): Promise<void>;
}

export async function createAppContext(env: Env, database?: DatabaseHandle): Promise<AppContext> {
  const handle = database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.TOLK_DATA_DIR, maxConnections: env.TOLK_DB_POOL_SIZE }));
  if (!database) await migrateDatabase(handle, env.DATABASE_URL);
  const domain: DomainContext = {
    db: handle.db,
    now: systemClock,
    // PGlite runs one statement at a time anyway; PostgreSQL gets a few batches in parallel.
    debits: new DebitGroupCommit(handle.db, { maxInFlight: handle.kind === "pglite" ? 1 : 4 }),
    spendable: new SpendableHints(),
    webhooks: webhookPolicyFromEnv(env),
  };
  const config = {
    jwksUrl: env.JWT_JWKS_URL,
    issuer: env.JWT_ISSUER ?? env.TOLK_PUBLIC_URL,
    audience: env.JWT_AUDIENCE,
    orgClaim: env.JWT_ORG_CLAIM,
    clockToleranceSec: env.JWT_CLOCK_TOLERANCE_SEC,
    maxAgeSec: env.JWT_MAX_AGE_S,
  };
  const store = env.REDIS_URL
    ? new RedisRateLimitStore(env.REDIS_URL, (err) =>
        logger().error({ err: String(err) }, "Redis unreachable: requests are refused (503) until it answers, rate limits fail closed"),
      )
    : new MemoryRateLimitStore();
  const limiter = new RateLimiter(store, env.TOLK_ANON_RATE_LIMIT, env.TOLK_SIGNED_LINK_RATE_LIMIT);
  // Principals are cached only on the embedded database: one process, notified at commit, so
  // a revocation still takes effect on the very next request. PostgreSQL instances look every
  // key up, because another instance's notification could arrive after that next request.
  let principals: PrincipalCache | null = null;
  let unlisten: () => Promise<void> = async () => {};
  if (handle.kind === "pglite") {
    const cache = new PrincipalCache();
    unlisten = await handle.listen("tolk_auth_changed", () => cache.clear());
    principals = cache;
  }
  const engines = await createEngines(enginesConfig(env), (message) => logger().warn(message));
  const orgEngines = orgEnginesFromEnv(domain, env);
  const translation: TranslationServices = {
    router: engines.router,
    cache: new SegmentCache({ maxEntries: env.TOLK_SEGMENT_CACHE_ENTRIES }),
    defaultSourceLang: defaultSourceLang(env),
    orgEngines,
  };
  const documents = createDocumentServices(domain, translation, env);
  // The document-job gauges are read from the jobs table when /metrics is scraped.
  prometheusMetrics().setQueueSource(() => documentQueueStats(domain));
  // In the background: the server answers at once, a cold pair's first request waits at most
  // TOLK_APERTIUM_WARM's loading (or gets 503 engine_unavailable with Retry-After).
  void warmEngines(domain, translation, parseWarmSetting(env.TOLK_APERTIUM_WARM) ?? "none", (message) => logger().warn(`warm-up: ${message}`));
  let worker: DocumentWorker | null = null;
  if (env.TOLK_WORKER === "inprocess") {
    const w = new DocumentWorker(domain, documents, { concurrency: env.TOLK_WORKER_CONCURRENCY });
    documents.onQueued = () => w.nudge();
    worker = w;
  }
  // A batch names the organizations that just made requests: the ones whose usage may have
  // crossed their low-credit threshold.
  const requestLog = new RequestLogWriter(domain, { onFlushed: (orgIds) => queueLowCreditAlerts(domain, { orgIds }).then(() => worker?.nudge()) });
  return {
    env,
    database: handle,
    requestLog,
    domain,
    auth: { config, keys: createKeyResolver(domain, config), principals },
    limiter,
    engines,
    translation,
    documents,
    worker,
    close: async () => {
      await worker?.stop();
      await requestLog.flush();
      await unlisten();
      await orgEngines.close();
      await engines.close();
      await limiter.close();
      await handle.close();
    },
  };
}

// One context per process, kept on globalThis so dev-mode module reloads reuse it instead of
// opening the embedded database a second time.
const holder = globalThis as typeof globalThis & { __tolkApp?: Promise<AppContext> };

// A context that answers for the code run inside runWithAppContext, whatever the process's is.
const scoped = new AsyncLocalStorage<Promise<AppContext>>();

export function getAppContext(): Promise<AppContext> {
  const inScope = scoped.getStore();
  if (inScope) return inScope;
  holder.__tolkApp ??= createAppContext(readEnv()).catch((err: unknown) => {
    holder.__tolkApp = undefined;
    throw err;
  });
  return holder.__tolkApp;
}

/** The context if one was made or is being made; never starts one (work after a request, e.g. its log line). */
export function existingAppContext(): Promise<AppContext> | undefined {
  return scoped.getStore() ?? holder.__tolkApp;
}

/**
 * Runs `fn` (a request's handler) against `app` instead of the process's context: tests serve
 * a second Tolk instance, with engines of its own, from the same process (an upstream DeepL).
 */
export function runWithAppContext<T>(app: AppContext, fn: () => T): T {
  return scoped.run(Promise.resolve(app), fn);
}

/** Tests install their own context (a fresh database per test file). */
export function setAppContext(app: AppContext | undefined): void {
  holder.__tolkApp = app ? Promise.resolve(app) : undefined;
}
