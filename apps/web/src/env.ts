import { documentsEnvSchema } from "@tolk/domain";
import { type EnginesConfig } from "@tolk/engines";
import { z } from "zod";

// Every environment variable the web app reads, validated once, here and nowhere else.
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  TOLK_DATA_DIR: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  TOLK_PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  JWT_JWKS_URL: z.string().url().optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).default("tolk-api"),
  JWT_ORG_CLAIM: z.string().min(1).default("org_id"),
  JWT_CLOCK_TOLERANCE_SEC: z.coerce.number().int().min(0).max(300).default(30),
  TOLK_ANON_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  TOLK_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  TOLK_BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
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
  // Console sign-in. Without AUTH_SECRET the service makes one and keeps it in the database.
  AUTH_SECRET: z.string().min(32).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default("Single sign-on"),
  // Documents: storage (local directory or S3), retention, the in-process worker.
  ...documentsEnvSchema,
});

export type Env = z.infer<typeof schema>;

/** The engines the environment configures; Apertium unless TOLK_APERTIUM=0. */
export function enginesConfig(env: Env): EnginesConfig {
  const models = { mini: env.LLM_MODEL_MINI, standard: env.LLM_MODEL_STANDARD, premium: env.LLM_MODEL_PREMIUM };
  const hasModel = Object.values(models).some(Boolean);
  return {
    apertium: env.TOLK_APERTIUM === "1" ? { modesDir: env.TOLK_APERTIUM_MODES_DIR, poolSize: env.TOLK_APERTIUM_POOL_SIZE, maxPipelines: env.TOLK_APERTIUM_MAX_PIPELINES } : false,
    llm: env.LLM_BASE_URL && hasModel ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, models } : undefined,
    libretranslate: env.LIBRETRANSLATE_URL ? { url: env.LIBRETRANSLATE_URL, apiKey: env.LIBRETRANSLATE_API_KEY } : undefined,
  };
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

/** The OpenID Connect provider of the console, when all three OIDC_* variables are set. */
export function oidcConfig(env: Env): { issuer: string; clientId: string; clientSecret: string; name: string } | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, name: env.OIDC_NAME };
}
