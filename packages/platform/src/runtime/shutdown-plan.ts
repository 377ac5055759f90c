/**
 * How a stopping process spends TOLK_SHUTDOWN_GRACE_S, from the first signal to its exit. The
 * work in hand (requests in flight, a running document job) gets all of it but a closing
 * reserve; a job still running then is released to another worker, and the reserve is for
 * that release, for the released run to notice, and for closing the engines and the database.
 */
export interface ShutdownPlan {
  /** New requests are still served this long (TOLK_SHUTDOWN_DRAIN_S, within `workMs`). */
  drainMs: number;
  /** Requests in flight and running jobs may finish within this long; then jobs are released. */
  workMs: number;
  /** After a release, how long the released runs have to stop before the engines close. */
  releasedWaitMs: number;
  /** The process exits (1) if its shutdown has not finished by then. */
  exitMs: number;
}

/** The reserve for releasing and closing: a fifth of the grace period, at most this. */
const MAX_CLOSE_RESERVE_MS = 5_000;
/**
 * The exit deadline is never shorter than this: with a grace of 0 (release at once) the
 * release and the closing still need a moment, and an exit(1) in the middle would be worse.
 */
const MIN_EXIT_MS = 5_000;

export function shutdownPlan(env: { TOLK_SHUTDOWN_GRACE_S: number; TOLK_SHUTDOWN_DRAIN_S?: number }): ShutdownPlan {
  const graceMs = env.TOLK_SHUTDOWN_GRACE_S * 1000;
  const workMs = graceMs - Math.min(MAX_CLOSE_RESERVE_MS, graceMs / 5);
  const exitMs = Math.max(graceMs, MIN_EXIT_MS);
  return {
    drainMs: Math.min((env.TOLK_SHUTDOWN_DRAIN_S ?? 0) * 1000, workMs),
    workMs,
    releasedWaitMs: (exitMs - workMs) / 2,
    exitMs,
  };
}
