/**
 * What the rules log through: structured lines (fields, then a message), pino's shape. The
 * process's composition root installs its logger (`@tolk/platform`, pino); until one is
 * installed, nothing is logged (a use case's unit test needs none).
 */
export interface LogFn {
  (fields: object, message?: string): void;
  (message: string): void;
}

export interface Logger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  child(bindings: Record<string, unknown>): Logger;
  /** Writes what is buffered (before an exit). */
  flush(): void;
}

const silent: LogFn = () => undefined;
const noLogger: Logger = {
  fatal: silent,
  error: silent,
  warn: silent,
  info: silent,
  debug: silent,
  trace: silent,
  child: () => noLogger,
  flush: () => undefined,
};

// On globalThis: Next.js can load a module once per bundle, and every copy must write through
// the one logger the process installed.
const holder = globalThis as typeof globalThis & { __tolkLogger?: Logger };

/** The process's logger. */
export function logger(): Logger {
  return holder.__tolkLogger ?? noLogger;
}

export function installLogger(implementation: Logger): void {
  holder.__tolkLogger = implementation;
}

/** Whether a composition root has installed a logger yet. */
export function hasLogger(): boolean {
  return holder.__tolkLogger !== undefined;
}

/** An error as log fields: its message and stack (the stack is only ever logged, never answered). */
export function errorFields(err: unknown): { err: { message: string; stack?: string; name?: string } } {
  if (err instanceof Error) return { err: { name: err.name, message: err.message, stack: err.stack } };
  return { err: { message: String(err) } };
}
