import { constants } from "node:os";

/**
 * A signal that follows the first within this long is the same stop request arriving twice,
 * not an operator insisting: a signal to a process group reaches the server directly and again
 * through a wrapper that forwards it (pnpm forwards SIGTERM and SIGINT to its script's process).
 */
export const DUPLICATE_SIGNAL_MS = 1_000;

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
export type ShutdownSignal = (typeof SIGNALS)[number];

export interface ShutdownSignalHandlers {
  /** The first SIGTERM or SIGINT: stop gracefully. */
  shutdown: (signal: ShutdownSignal) => void;
  /** Another signal within DUPLICATE_SIGNAL_MS of the first: ignored, reported here. */
  duplicate?: (signal: ShutdownSignal) => void;
  /** A later one: the operator wants out now; the process exits with 128 + the signal's number after this. */
  force?: (signal: ShutdownSignal) => void;
}

/**
 * SIGTERM/SIGINT for a long-running process (the server, `tolk worker`): the first starts
 * `shutdown`; a repeat within DUPLICATE_SIGNAL_MS is ignored; a signal after that exits at once
 * with 128 + its number, as an unhandled signal would, but after saying so. Returns a function
 * that removes the handlers.
 */
export function onShutdownSignals(handlers: ShutdownSignalHandlers): () => void {
  let first: number | null = null;
  const onSignal = (signal: ShutdownSignal) => {
    const now = performance.now();
    if (first === null) {
      first = now;
      handlers.shutdown(signal);
      return;
    }
    if (now - first < DUPLICATE_SIGNAL_MS) {
      handlers.duplicate?.(signal);
      return;
    }
    handlers.force?.(signal);
    process.exit(128 + constants.signals[signal]);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
}
