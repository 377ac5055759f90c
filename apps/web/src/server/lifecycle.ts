import { errorFields, logger, serviceUnavailable } from "@tolk/domain";
import { onShutdownSignals, shutdownPlan } from "@tolk/platform";

import { type Env } from "../env";
import { type AppContext } from "./context";

/** Retry-After on the 503 a shutting-down instance answers. */
const RETRY_AFTER_S = 1;
const POLL_MS = 50;

interface LifecycleState {
  /** From the first SIGTERM/SIGINT: /readyz answers 503. */
  shuttingDown: boolean;
  /** From TOLK_SHUTDOWN_DRAIN_S after it: new /v1 requests are answered 503. */
  refusing: boolean;
  /** /v1 requests being answered. */
  inFlight: number;
  handlersInstalled: boolean;
  /** Flushes the OpenTelemetry SDK when it was started. */
  flushTraces: (() => Promise<void>) | null;
  /** Stops answering `tolk` commands (embedded database only), before the database closes. */
  closeAdminSocket: (() => Promise<void>) | null;
}

// On globalThis: the signal handler (instrumentation) and the routes are separate bundles, and
// must see one state.
const holder = globalThis as typeof globalThis & { __tolkLifecycle?: LifecycleState };

export function lifecycle(): LifecycleState {
  holder.__tolkLifecycle ??= {
    shuttingDown: false,
    refusing: false,
    inFlight: 0,
    handlersInstalled: false,
    flushTraces: null,
    closeAdminSocket: null,
  };
  return holder.__tolkLifecycle;
}

/**
 * Counts a /v1 request in flight until the returned function is called; throws 503
 * service_unavailable (with Retry-After) once the instance refuses new requests.
 */
export function admitRequest(): () => void {
  const state = lifecycle();
  if (state.refusing) throw serviceUnavailable(RETRY_AFTER_S);
  state.inFlight++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    state.inFlight--;
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const responsesHolder = globalThis as typeof globalThis & { [key: symbol]: (() => number) | undefined };
/**
 * Responses whose body server.mjs is still writing: a request counted by admitRequest is done
 * when its handler returns, before a large body has gone out. 0 without server.mjs (tests).
 */
const openResponses = () => responsesHolder[Symbol.for("tolk.openResponses")]?.() ?? 0;

/**
 * SIGTERM/SIGINT, in order: readiness 503 at once; new /v1 requests still served for
 * TOLK_SHUTDOWN_DRAIN_S (a proxy polling /readyz stops sending meanwhile), then answered 503;
 * the in-process worker stops claiming and finishes its job, or releases it to another worker,
 * and in-flight requests finish, within TOLK_SHUTDOWN_GRACE_S less the closing reserve
 * (shutdown-plan.ts); engines, Redis and the database close; traces are flushed; exit 0, within
 * TOLK_SHUTDOWN_GRACE_S (exit 1 if closing overruns it). The same signal again within a moment
 * is the group signal forwarded by a wrapper and is ignored; a later one exits at once.
 * `next start` must leave the signals to us (NEXT_MANUAL_SIG_HANDLE=true, set by apps/web's
 * start script).
 */
export function installShutdownHandlers(app: AppContext, env: Env): void {
  const state = lifecycle();
  if (state.handlersInstalled) return;
  state.handlersInstalled = true;
  const log = logger();
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
    log.warn(
      "NEXT_MANUAL_SIG_HANDLE is not set: Next.js handles SIGTERM itself and exits without draining; start with apps/web's start script",
    );
  }
  onShutdownSignals({
    shutdown: (signal) => {
      void shutdown(app, env, signal).then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ signal, ...errorFields(err) }, "shutdown failed");
          process.exit(1);
        },
      );
    },
    duplicate: (signal) =>
      log.info({ signal }, "shutting down: the same signal again (forwarded to the group), ignored"),
    force: (signal) => {
      log.warn({ signal, in_flight: state.inFlight }, "second signal: exiting at once");
      log.flush();
    },
  });
}

async function shutdown(app: AppContext, env: Env, signal: NodeJS.Signals): Promise<void> {
  const state = lifecycle();
  const log = logger();
  const started = performance.now();
  const plan = shutdownPlan(env);
  state.shuttingDown = true;
  // Closing must not hold the exit past the grace period the orchestrator was told about.
  setTimeout(() => {
    log.error(
      { signal, grace_s: env.TOLK_SHUTDOWN_GRACE_S },
      "shutdown did not finish within TOLK_SHUTDOWN_GRACE_S: exiting",
    );
    log.flush();
    process.exit(1);
  }, plan.exitMs).unref();
  log.info(
    { signal, in_flight: state.inFlight, drain_s: env.TOLK_SHUTDOWN_DRAIN_S, grace_s: env.TOLK_SHUTDOWN_GRACE_S },
    "shutting down: readiness now 503",
  );
  const worker = app.worker
    ?.stop({ graceMs: plan.workMs, releasedWaitMs: plan.releasedWaitMs })
    .then((released) => log.info({ released }, "document worker stopped"));
  await sleep(plan.drainMs);
  state.refusing = true;
  log.info({ in_flight: state.inFlight }, "shutting down: new requests now answered 503");
  const busy = () => state.inFlight > 0 || openResponses() > 0;
  while (busy() && performance.now() - started < plan.workMs) await sleep(POLL_MS);
  if (busy())
    log.warn(
      { in_flight: state.inFlight, open_responses: openResponses() },
      "requests still in flight at the end of the grace period",
    );
  await worker;
  await state.closeAdminSocket?.();
  await app.close();
  await state.flushTraces?.().catch(() => undefined);
  log.info({ signal, duration_ms: Math.round(performance.now() - started) }, "shutdown complete");
}
