import { type DatabaseHandle, pendingMigrations } from "@tolk/db";
import { type Engine } from "@tolk/engines";
import { sql } from "drizzle-orm";

import { type ObjectStorage } from "../ports/object-storage";

export interface Check {
  ok: boolean;
  detail?: string;
}

export type CheckName = "lifecycle" | "database" | "migrations" | "redis" | "storage" | "engines";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  pending_migrations: number;
  /** Every check that ran (redis only when configured); `failed` names those not ok. */
  checks: Partial<Record<CheckName, Check>>;
  failed: CheckName[];
}

export interface ReadinessDependencies {
  database: DatabaseHandle;
  storage?: ObjectStorage;
  /** null when Redis is not configured; false when it does not answer. */
  redis?: () => Promise<boolean | null>;
  engines?: readonly Engine[];
  /** True from the first SIGTERM/SIGINT on: the instance takes no new work. */
  shuttingDown?: boolean;
}

/** A check that does not answer within this is failed, so /readyz itself never hangs. */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * How long an engine's successful health probe is trusted. Apertium's probe translates a
 * sentence; a load balancer polling every second must not cost a pipeline run each time.
 */
const ENGINE_HEALTH_TTL_MS = 10_000;
const engineHealth = new WeakMap<Engine, { at: number; check: Check | null; probe: Promise<Check> | null }>();

/**
 * GET /readyz: what this instance needs to serve requests. The database answers with every
 * committed migration applied; Redis answers when configured; the document storage is
 * writable (local) or its bucket reachable (S3); at least one engine is healthy; and the
 * process is not shutting down.
 */
export async function checkReadiness(deps: ReadinessDependencies): Promise<Readiness> {
  const checks: Readiness["checks"] = {};
  checks.lifecycle = deps.shuttingDown ? { ok: false, detail: "shutting down" } : { ok: true };
  const { redis: pingRedis, storage: store, engines: engineList } = deps;
  const [database, redis, storage, engines] = await Promise.all([
    timed(async () => {
      await deps.database.db.execute(sql`select 1`);
      return { ok: true };
    }),
    pingRedis ? timed(async () => redisCheck(await pingRedis())) : Promise.resolve(null),
    store ? timed(async () => (await store.check(), { ok: true, detail: store.kind })) : Promise.resolve(null),
    engineList ? enginesCheck(engineList) : Promise.resolve(null),
  ]);
  checks.database = database;
  let pending = -1;
  if (database.ok) {
    pending = await pendingMigrations(deps.database);
    checks.migrations = pending === 0 ? { ok: true } : { ok: false, detail: `${pending} pending` };
  }
  if (redis && redis.detail !== "not configured") checks.redis = redis;
  if (storage) checks.storage = storage;
  if (engines) checks.engines = engines;
  const failed = (Object.entries(checks) as [CheckName, Check][]).filter(([, c]) => !c.ok).map(([name]) => name);
  return {
    ready: failed.length === 0,
    database: database.ok ? "ok" : "unreachable",
    pending_migrations: pending,
    checks,
    failed,
  };
}

function redisCheck(answer: boolean | null): Check {
  if (answer === null) return { ok: true, detail: "not configured" };
  return answer ? { ok: true } : { ok: false, detail: "no answer to PING" };
}

async function enginesCheck(engines: readonly Engine[]): Promise<Check> {
  const results = await Promise.all(
    engines.map(async (engine) => ({ name: engine.name, check: await engineCheck(engine) })),
  );
  const healthy = results.filter((r) => r.check.ok).map((r) => r.name);
  if (healthy.length > 0) return { ok: true, detail: healthy.join(", ") };
  const why = results.map((r) => `${r.name}: ${r.check.detail ?? "unhealthy"}`).join("; ");
  return { ok: false, detail: results.length === 0 ? "no engine configured" : why };
}

/**
 * One engine's health: a fresh success is reused; otherwise one probe runs at a time, and a
 * probe slower than the check's timeout (a cold pipeline) keeps running, so a later check
 * reads its result instead of starting another.
 */
async function engineCheck(engine: Engine): Promise<Check> {
  const state = engineHealth.get(engine) ?? { at: 0, check: null, probe: null };
  engineHealth.set(engine, state);
  if (state.check?.ok && Date.now() - state.at < ENGINE_HEALTH_TTL_MS) return state.check;
  state.probe ??= engine
    .health()
    .catch((err: unknown) => ({ ok: false, detail: String(err) }))
    .then((health) => {
      state.check = { ok: health.ok, detail: health.detail };
      state.at = Date.now();
      state.probe = null;
      return state.check;
    });
  return timed(() => state.probe ?? Promise.resolve(state.check ?? { ok: false }), "probe still running");
}

async function timed(run: () => Promise<Check>, late = `no answer in ${CHECK_TIMEOUT_MS} ms`): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: late }), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([
      run().catch((err: unknown) => ({ ok: false, detail: err instanceof Error ? err.message : String(err) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
