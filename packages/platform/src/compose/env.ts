import { webhooksEnvSchema } from "@tolk/domain";
import { z } from "zod";

import { documentsEnvSchema } from "../env/documents-env";
import { enginesEnvSchema } from "../env/engines-env";
import { logEnvSchema } from "../observability/log";
import { metricsEnvSchema } from "../observability/prometheus";
import { heapEnvSchema } from "../runtime/heap-growth";
import { serviceEnvSchema, withPublicUrl } from "../runtime/service-env";
import { shutdownEnvSchema } from "../runtime/shutdown-env";

/**
 * The variables every Tolk process reads (the server, `tolk worker`, the other `tolk` commands):
 * one schema, so all of them reach one database, storage and engines by the same names. The web
 * app adds its own (sign-in, Redis, rate limits, tracing) to it.
 */
export const processEnvSchema = {
  ...serviceEnvSchema,
  ...enginesEnvSchema,
  // Storage, retention and the document worker.
  ...documentsEnvSchema,
  // Where webhooks may go (docs/webhooks.md).
  ...webhooksEnvSchema,
  // V8's heap growth (memory held by garbage between full collections).
  ...heapEnvSchema,
  // Logs, /metrics and the shutdown grace (docs/observability.md).
  ...logEnvSchema,
  ...metricsEnvSchema,
  ...shutdownEnvSchema,
};

export type ProcessEnv = Omit<z.infer<z.ZodObject<typeof processEnvSchema>>, "TOLK_PUBLIC_URL"> & {
  TOLK_PUBLIC_URL: string;
};

/** Parses an environment against `shape` (empty values count as unset); throws one message listing every problem. */
export function parseEnv<S extends z.ZodRawShape & { PORT: typeof serviceEnvSchema.PORT }>(
  shape: S,
  source: Record<string, string | undefined> = process.env,
): Omit<z.infer<z.ZodObject<S>>, "TOLK_PUBLIC_URL"> & { TOLK_PUBLIC_URL: string } {
  const parsed = z.object(shape).safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return withPublicUrl(parsed.data as z.infer<z.ZodObject<S>> & { PORT: number; TOLK_PUBLIC_URL?: string });
}

/** The environment of a `tolk` command (and `tolk worker`). */
export function readProcessEnv(source: Record<string, string | undefined> = process.env): ProcessEnv {
  return parseEnv(processEnvSchema, source);
}
