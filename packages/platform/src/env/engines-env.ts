import { type EnginesConfig, parseEngineRoutes, parseTargetVariants } from "@tolk/engines";
import { languageCode } from "@tolk/contract";
import { z } from "zod";
import { type DomainContext, MIN_SECRETS_KEY_LENGTH, OrgEngines, parseWarmSetting } from "@tolk/domain";

/**
 * The environment variables that choose the translation engines, shared by every process that
 * translates (the server and `tolk worker`), so both read the same names the same way. Each
 * app spreads this into the one schema of its env.ts.
 */
export const enginesEnvSchema = {
  TOLK_APERTIUM: z.enum(["0", "1"]).default("1"),
  TOLK_APERTIUM_MODES_DIR: z.string().optional(),
  TOLK_APERTIUM_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  TOLK_APERTIUM_MAX_PIPELINES: z.coerce.number().int().min(1).max(512).optional(),
  TOLK_APERTIUM_NICE: z.coerce.number().int().min(0).max(19).optional(),
  /** How long a request waits for a pair whose pipeline is still loading before a 503 with Retry-After. */
  TOLK_APERTIUM_START_WAIT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  /** Pipelines loaded at start: `all` installed pairs (within the pipeline budget), `none`, or `en-es,es-en`. */
  TOLK_APERTIUM_WARM: z
    .string()
    .default("all")
    .refine((v) => parseWarmSetting(v) !== null, "expected all, none or a comma-separated list like en-es,es-en"),
  TOLK_SEGMENT_CACHE_ENTRIES: z.coerce.number().int().min(0).default(100_000),
  /** The source language of a text too short or mixed to detect ("OK"); `none` refuses such a text with a 400. */
  TOLK_DEFAULT_SOURCE_LANG: z
    .string()
    .default("en")
    .refine((v) => v === "none" || languageCode.safeParse(v).success, "expected a language code such as en, or none"),
  /** Which engine serves which pairs, e.g. `en-de=llm,*-es=apertium,*=libretranslate` (first match wins). */
  TOLK_ENGINE_ROUTES: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || parseEngineRoutes(v) !== null,
      "expected rules like en-de=llm,*-es=apertium,*=libretranslate",
    ),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL_MINI: z.string().optional(),
  LLM_MODEL_STANDARD: z.string().optional(),
  LLM_MODEL_PREMIUM: z.string().optional(),
  LIBRETRANSLATE_URL: z.string().url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  /** The operator's DeepL API key: turns the DeepL engine on. */
  DEEPL_API_KEY: z.string().min(1).optional(),
  /** DeepL's server; default by the key (`:fx` → DeepL Free, else Pro), or any server speaking DeepL's /v2. */
  DEEPL_URL: z.string().url().optional(),
  /** The DeepL target variety per language, e.g. `en:EN-GB,pt:PT-PT` (default EN-US, PT-BR, ZH-HANS). */
  DEEPL_TARGET_VARIANTS: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseTargetVariants(v) !== null, "expected entries like en:EN-GB,pt:PT-PT"),
  /**
   * Seals the API keys organizations store (their own DeepL key) and opens them to translate:
   * every instance and worker needs the same value. Without it no key can be saved.
   */
  TOLK_SECRETS_KEY: z
    .string()
    .min(MIN_SECRETS_KEY_LENGTH, `must have at least ${MIN_SECRETS_KEY_LENGTH} characters (openssl rand -hex 32)`)
    .optional(),
  /** How long an organization's own DeepL engine, and the pairs its server announced, are used before they are asked for again. */
  TOLK_ORG_ENGINE_TTL_S: z.coerce.number().int().min(10).max(86_400).default(3600),
};

export type EnginesEnv = z.infer<z.ZodObject<typeof enginesEnvSchema>>;

/**
 * The engines the environment configures: Apertium unless TOLK_APERTIUM=0, an LLM when a URL and
 * a model are set, LibreTranslate when its URL is, DeepL when its key is.
 */
export function enginesConfig(env: EnginesEnv): EnginesConfig {
  const models = { mini: env.LLM_MODEL_MINI, standard: env.LLM_MODEL_STANDARD, premium: env.LLM_MODEL_PREMIUM };
  const hasModel = Object.values(models).some(Boolean);
  return {
    apertium:
      env.TOLK_APERTIUM === "1"
        ? {
            modesDir: env.TOLK_APERTIUM_MODES_DIR,
            poolSize: env.TOLK_APERTIUM_POOL_SIZE,
            maxPipelines: env.TOLK_APERTIUM_MAX_PIPELINES,
            nice: env.TOLK_APERTIUM_NICE,
            startWaitMs: env.TOLK_APERTIUM_START_WAIT_MS,
          }
        : false,
    llm: env.LLM_BASE_URL && hasModel ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, models } : undefined,
    libretranslate: env.LIBRETRANSLATE_URL
      ? { url: env.LIBRETRANSLATE_URL, apiKey: env.LIBRETRANSLATE_API_KEY }
      : undefined,
    deepl: env.DEEPL_API_KEY
      ? {
          authKey: env.DEEPL_API_KEY,
          url: env.DEEPL_URL,
          targetVariants: env.DEEPL_TARGET_VARIANTS ? (parseTargetVariants(env.DEEPL_TARGET_VARIANTS) ?? {}) : {},
        }
      : undefined,
    routes: env.TOLK_ENGINE_ROUTES ? (parseEngineRoutes(env.TOLK_ENGINE_ROUTES) ?? []) : [],
  };
}

/** TOLK_DEFAULT_SOURCE_LANG as TranslationServices takes it: a language code, or none. */
export function defaultSourceLang(env: Pick<EnginesEnv, "TOLK_DEFAULT_SOURCE_LANG">): string | undefined {
  return env.TOLK_DEFAULT_SOURCE_LANG === "none" ? undefined : languageCode.parse(env.TOLK_DEFAULT_SOURCE_LANG);
}

/** Organizations' own engines as the environment sets them up (TOLK_SECRETS_KEY, TOLK_ORG_ENGINE_TTL_S). */
export function orgEnginesFromEnv(
  ctx: Pick<DomainContext, "db" | "now">,
  env: Pick<EnginesEnv, "TOLK_SECRETS_KEY" | "TOLK_ORG_ENGINE_TTL_S">,
): OrgEngines {
  return new OrgEngines(ctx, { secretsKey: env.TOLK_SECRETS_KEY, ttlMs: env.TOLK_ORG_ENGINE_TTL_S * 1000 });
}
