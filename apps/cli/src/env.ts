import {
  documentsEnvSchema,
  enginesEnvSchema,
  heapEnvSchema,
  logEnvSchema,
  serviceEnvSchema,
  shutdownEnvSchema,
  webhooksEnvSchema,
  withPublicUrl,
} from "@tolk/domain";
import { metricsEnvSchema } from "@tolk/domain/prometheus";
import { z } from "zod";

// The variables the CLI reads: the same names as the server's, so both reach one database.
const schema = z.object({
  ...serviceEnvSchema,
  // `tolk worker` translates documents: the engines and storage of the server, same names.
  ...enginesEnvSchema,
  ...documentsEnvSchema,
  // Where `tolk worker` may deliver webhooks (docs/webhooks.md).
  ...webhooksEnvSchema,
  // V8's heap growth (memory held by garbage between full collections).
  ...heapEnvSchema,
  // Logs, `tolk worker`'s /metrics port and its shutdown grace (docs/observability.md).
  ...logEnvSchema,
  ...metricsEnvSchema,
  ...shutdownEnvSchema,
});

export type CliEnv = Omit<z.infer<typeof schema>, "TOLK_PUBLIC_URL"> & { TOLK_PUBLIC_URL: string };

export function readEnv(source: Record<string, string | undefined> = process.env): CliEnv {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return withPublicUrl(parsed.data);
}
