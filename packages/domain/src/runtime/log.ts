import { pino, type Logger } from "pino";
import pretty from "pino-pretty";
import { z } from "zod";

export type { Logger };

/** The logging variables both apps' env.ts spread into their schema. */
export const logEnvSchema = {
  TOLK_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `json` (one object per line, for a collector) or `pretty` (colored lines for a terminal). */
  TOLK_LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
};

export interface LogOptions {
  level: z.infer<typeof logEnvSchema.TOLK_LOG_LEVEL>;
  format: z.infer<typeof logEnvSchema.TOLK_LOG_FORMAT>;
  /** Fields on every line (e.g. `{ service: "worker" }`). */
  base?: Record<string, unknown>;
  /** Where lines go: stdout (1, the default), stderr (2: CLI commands whose stdout is their answer), or a stream (tests). */
  destination?: 1 | 2 | { write(line: string): unknown };
}

// One root logger per process, on globalThis: Next.js can load a module once per bundle, and
// every copy must write through the same configured logger.
const holder = globalThis as typeof globalThis & { __tolkLogger?: Logger };

function build(options: LogOptions): Logger {
  const settings = {
    level: options.level,
    base: { pid: process.pid, ...options.base },
    // An API key never reaches a log line, whatever a caller passes.
    redact: { paths: ["authorization", "*.authorization", "headers.authorization", "key", "apiKey"], censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  // pino-pretty as a stream in this thread: a transport would start a worker thread that loads
  // modules by path, which bundled server code cannot resolve.
  const target = options.destination ?? 1;
  if (typeof target !== "number") return pino(settings, target);
  if (options.format === "pretty") return pino(settings, pretty({ colorize: true, sync: true, destination: target }));
  return pino(settings, pino.destination({ dest: target, sync: true }));
}

/** Sets the process's logger from the environment; call once at start. */
export function configureLogger(options: LogOptions): Logger {
  holder.__tolkLogger = build(options);
  return holder.__tolkLogger;
}

/** The process's logger: JSON at `info` on stdout until configureLogger runs. */
export function logger(): Logger {
  holder.__tolkLogger ??= build({ level: "info", format: "json" });
  return holder.__tolkLogger;
}

/** An error as log fields: its message and stack (the stack is only ever logged, never answered). */
export function errorFields(err: unknown): { err: { message: string; stack?: string; name?: string } } {
  if (err instanceof Error) return { err: { name: err.name, message: err.message, stack: err.stack } };
  return { err: { message: String(err) } };
}
