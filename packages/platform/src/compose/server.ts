import { type DatabaseHandle, migrateDatabase, openDatabase } from "@tolk/db";
import {
  type Authenticator,
  type DocumentServices,
  type DomainContext,
  type RateLimitStore,
  type TranslationServices,
  PrincipalCache,
  RateLimiter,
  RequestLogWriter,
  createKeyResolver,
  logger,
  parseWarmSetting,
  queueLowCreditAlerts,
  warmEngines,
} from "@tolk/domain";
import { type Engines } from "@tolk/engines";

import { MemoryRateLimitStore } from "../rate-limit/memory-store";
import { RedisRateLimitStore } from "../rate-limit/redis-store";
import { type DocumentWorker } from "../worker/document-worker";
import { Housekeeping, serverHousekeeping } from "../worker/housekeeping";
import { type ServerEnv } from "./server-env";
import { createDocumentStack, createServerContext, createTranslationStack, createWorker } from "./services";

/** Everything a server's request needs, built once per process. */
export interface ServerServices {
  env: ServerEnv;
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
  /** What the server keeps up on its own (the idempotency sweep); started by the server's start. */
  housekeeping: Housekeeping;
  close(): Promise<void>;
}

/** Redis when REDIS_URL is set (shared by every instance), else this process's memory. */
function rateLimitStore(env: ServerEnv): RateLimitStore {
  if (!env.REDIS_URL) return new MemoryRateLimitStore();
  return new RedisRateLimitStore(env.REDIS_URL, (err) =>
    logger().error(
      { err: String(err) },
      "Redis unreachable: requests are refused (503) until it answers, rate limits fail closed",
    ),
  );
}

/**
 * Principals are cached only on the embedded database: one process, notified at commit, so a
 * revocation still takes effect on the very next request. PostgreSQL instances look every key
 * up, because another instance's notification could arrive after that next request.
 */
async function principalCache(
  database: DatabaseHandle,
): Promise<{ principals: PrincipalCache | null; unlisten: () => Promise<void> }> {
  if (database.kind !== "pglite") return { principals: null, unlisten: async () => {} };
  const cache = new PrincipalCache();
  return { principals: cache, unlisten: await database.listen("tolk_auth_changed", () => cache.clear()) };
}

/** The server's services over `database`, or over the database the environment names (opened and migrated). */
export async function createServerServices(env: ServerEnv, database?: DatabaseHandle): Promise<ServerServices> {
  const handle =
    database ??
    (await openDatabase({ url: env.DATABASE_URL, dataDir: env.TOLK_DATA_DIR, maxConnections: env.TOLK_DB_POOL_SIZE }));
  if (!database) await migrateDatabase(handle, env.DATABASE_URL);
  const domain = createServerContext(handle, env);
  const config = {
    jwksUrl: env.JWT_JWKS_URL,
    issuer: env.JWT_ISSUER ?? env.TOLK_PUBLIC_URL,
    audience: env.JWT_AUDIENCE,
    orgClaim: env.JWT_ORG_CLAIM,
    clockToleranceSec: env.JWT_CLOCK_TOLERANCE_SEC,
    maxAgeSec: env.JWT_MAX_AGE_S,
  };
  const limiter = new RateLimiter(rateLimitStore(env), env.TOLK_ANON_RATE_LIMIT, env.TOLK_SIGNED_LINK_RATE_LIMIT);
  const { principals, unlisten } = await principalCache(handle);
  const stack = await createTranslationStack(domain, env);
  const documents = createDocumentStack(domain, stack.translation, env);
  // In the background: the server answers at once, a cold pair's first request waits at most
  // TOLK_APERTIUM_WARM's loading (or gets 503 engine_unavailable with Retry-After).
  void warmEngines(domain, stack.translation, parseWarmSetting(env.TOLK_APERTIUM_WARM) ?? "none", (message) =>
    logger().warn(`warm-up: ${message}`),
  );
  const worker =
    env.TOLK_WORKER === "inprocess"
      ? createWorker(domain, documents, { concurrency: env.TOLK_WORKER_CONCURRENCY })
      : null;
  // A batch names the organizations that just made requests: the ones whose usage may have
  // crossed their low-credit threshold.
  const requestLog = new RequestLogWriter(domain, {
    onFlushed: (orgIds) => queueLowCreditAlerts(domain, { orgIds }).then(() => worker?.nudge()),
  });
  const housekeeping = new Housekeeping(serverHousekeeping(domain), domain.now);
  return {
    env,
    database: handle,
    requestLog,
    domain,
    auth: { config, keys: createKeyResolver(domain, config), principals },
    limiter,
    engines: stack.engines,
    translation: stack.translation,
    documents,
    worker,
    housekeeping,
    close: async () => {
      housekeeping.stop();
      await worker?.stop();
      await housekeeping.settled();
      await requestLog.flush();
      await unlisten();
      await stack.close();
      await limiter.close();
      await handle.close();
    },
  };
}
