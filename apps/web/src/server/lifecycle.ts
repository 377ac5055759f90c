import { errorFields, logger, serviceUnavailable } from "@tolk/domain";

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
  holder.__tolkLifecycle ??= { shuttingDown: false, refusing: false, inFlight: 0, handlersInstalled: false, flushTraces: null, closeAdminSocket: null };
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

/**
 * SIGTERM/SIGINT, in order: readiness 503 at once; new /v1 requests still served for
 * TOLK_SHUTDOWN_DRAIN_S (a proxy polling /readyz stops sending meanwhile), then answered 503;
 * the in-process worker stops claiming and finishes its job within TOLK_SHUTDOWN_GRACE_S or
 * releases it to another worker; in-flight requests finish; engines, Redis and the database
 * close; traces are flushed; exit 0. `next start` must leave the signals to us
 * (NEXT_MANUAL_SIG_HANDLE=true, set by apps/web's start script).
 */
export function installShutdownHandlers(app: AppContext, env: Env): void {
  const state = lifecycle();
  if (state.handlersInstalled) return;
  state.handlersInstalled = true;
  const log = logger();
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
    log.warn("NEXT_MANUAL_SIG_HANDLE is not set: Next.js handles SIGTERM itself and exits without draining; start with apps/web's start script");
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.shuttingDown) {
      log.warn({ signal }, "shutdown already in progress");
      return;
    }
    void shutdown(app, env, signal).then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ signal, ...errorFields(err) }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

async function shutdown(app: AppContext, env: Env, signal: NodeJS.Signals): Promise<void> {
  const state = lifecycle();
  const log = logger();
  const started = performance.now();
  state.shuttingDown = true;
  log.info({ signal, drain_s: env.TOLK_SHUTDOWN_DRAIN_S, grace_s: env.TOLK_SHUTDOWN_GRACE_S }, "shutting down: readiness now 503");
  const worker = app.worker?.stop({ graceMs: env.TOLK_SHUTDOWN_GRACE_S * 1000 }).then((released) => log.info({ released }, "document worker stopped"));
  await sleep(env.TOLK_SHUTDOWN_DRAIN_S * 1000);
  state.refusing = true;
  log.info({ in_flight: state.inFlight }, "shutting down: new requests now answered 503");
  const deadline = performance.now() + env.TOLK_SHUTDOWN_GRACE_S * 1000;
  while (state.inFlight > 0 && performance.now() < deadline) await sleep(POLL_MS);
  if (state.inFlight > 0) log.warn({ in_flight: state.inFlight }, "requests still in flight at the end of the grace period");
  await worker;
  await state.closeAdminSocket?.();
  await app.close();
  await state.flushTraces?.().catch(() => undefined);
  log.info({ signal, duration_ms: Math.round(performance.now() - started) }, "shutdown complete");
}
