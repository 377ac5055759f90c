import { documentsEnvSchema, enginesEnvSchema, heapEnvSchema } from "@tolk/domain";
import { z } from "zod";

// The variables the CLI reads: the same names as the server's, so both reach one database.
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  TOLK_DATA_DIR: z.string().optional(),
  TOLK_PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  JWT_JWKS_URL: z.string().url().optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).default("tolk-api"),
  JWT_ORG_CLAIM: z.string().min(1).default("org_id"),
  // `tolk worker` translates documents: the engines and storage of the server, same names.
  ...enginesEnvSchema,
  ...documentsEnvSchema,
  // V8's heap growth (memory held by garbage between full collections).
  ...heapEnvSchema,
});

export type CliEnv = z.infer<typeof schema>;

export function readEnv(source: Record<string, string | undefined> = process.env): CliEnv {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}
