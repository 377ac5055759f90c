import { documentsEnvSchema, enginesEnvSchema, heapEnvSchema, logEnvSchema, shutdownEnvSchema } from "@tolk/domain";
import { metricsEnvSchema } from "@tolk/domain/prometheus";
import { z } from "zod";

// The variables the CLI reads: the same names as the server's, so both reach one database.
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  TOLK_DATA_DIR: z.string().optional(),
  // The server's port; TOLK_PUBLIC_URL (the address links and tokens name) defaults to it.
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  TOLK_PUBLIC_URL: z.string().url().optional(),
  JWT_JWKS_URL: z.string().url().optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).default("tolk-api"),
  JWT_ORG_CLAIM: z.string().min(1).default("org_id"),
  // `tolk worker` translates documents: the engines and storage of the server, same names.
  ...enginesEnvSchema,
  ...documentsEnvSchema,
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
  return { ...parsed.data, TOLK_PUBLIC_URL: parsed.data.TOLK_PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}` };
}
