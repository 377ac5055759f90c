import { documentsEnvSchema } from "@tolk/domain";
import { type EnginesConfig } from "@tolk/engines";
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
  TOLK_APERTIUM: z.enum(["0", "1"]).default("1"),
  TOLK_APERTIUM_MODES_DIR: z.string().optional(),
  TOLK_APERTIUM_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  TOLK_APERTIUM_MAX_PIPELINES: z.coerce.number().int().min(1).max(512).optional(),
  TOLK_SEGMENT_CACHE_ENTRIES: z.coerce.number().int().min(0).default(100_000),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL_MINI: z.string().optional(),
  LLM_MODEL_STANDARD: z.string().optional(),
  LLM_MODEL_PREMIUM: z.string().optional(),
  LIBRETRANSLATE_URL: z.string().url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  ...documentsEnvSchema,
});

export type CliEnv = z.infer<typeof schema>;

/** The engines the environment configures, as the server reads them (apps/web/src/env.ts). */
export function enginesConfig(env: CliEnv): EnginesConfig {
  const models = { mini: env.LLM_MODEL_MINI, standard: env.LLM_MODEL_STANDARD, premium: env.LLM_MODEL_PREMIUM };
  const hasModel = Object.values(models).some(Boolean);
  return {
    apertium: env.TOLK_APERTIUM === "1" ? { modesDir: env.TOLK_APERTIUM_MODES_DIR, poolSize: env.TOLK_APERTIUM_POOL_SIZE, maxPipelines: env.TOLK_APERTIUM_MAX_PIPELINES } : false,
    llm: env.LLM_BASE_URL && hasModel ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, models } : undefined,
    libretranslate: env.LIBRETRANSLATE_URL ? { url: env.LIBRETRANSLATE_URL, apiKey: env.LIBRETRANSLATE_API_KEY } : undefined,
  };
}

export function readEnv(source: Record<string, string | undefined> = process.env): CliEnv {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}
