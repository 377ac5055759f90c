import { hasLogger, installLogger } from "@tolk/domain";
import { pino, type Logger } from "pino";
import pretty from "pino-pretty";
import { z } from "zod";

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

function build(options: LogOptions): Logger {
  const settings = {
    level: options.level,
    base: { pid: process.pid, ...options.base },
    // An API key never reaches a log line, whatever a caller passes.
    redact: {
      paths: ["authorization", "*.authorization", "headers.authorization", "key", "apiKey"],
      censor: "[redacted]",
    },
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

/** Sets the process's logger (the domain's logger port) from the environment; call once at start. */
export function configureLogger(options: LogOptions): Logger {
  const log = build(options);
  installLogger(log);
  return log;
}

// A process that logs before its composition root configures logging still logs: JSON at
// `info` on stdout, as configured by default.
if (!hasLogger()) installLogger(build({ level: "info", format: "json" }));
