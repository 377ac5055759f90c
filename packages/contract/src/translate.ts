import { z } from "zod";

import { envelope } from "./envelope";
import { QUALITY_SCORE_DESCRIPTION } from "./quality";
import { isLanguageCode } from "./languages";
import { batchResourceEffects, textResourceEffects } from "./resource-effects";

/**
 * A language code as clients send it: ISO 639-1, case-insensitive, with an optional region
 * that Tolk does not distinguish ("pt-BR" → "pt", "EN_us" → "en").
 */
export const languageCode = z
  .string()
  .trim()
  .transform((s) => s.toLowerCase().split(/[-_]/)[0] ?? "")
  .refine(isLanguageCode, "is not a supported ISO 639-1 language code (see GET /v1/languages)");

/**
 * Extension: the source language may be "auto" or left out; it is then detected from the text
 * with the analysis' language identifier (inconclusive: the deployment's default source
 * language with a warning, or a 400 when there is none).
 */
export const AUTO_SOURCE_LANG = "auto";
export const sourceLanguageCode = z.union([z.literal(AUTO_SOURCE_LANG), languageCode]).default(AUTO_SOURCE_LANG);

export const modelTiers = ["mini", "standard", "premium"] as const;
export const modelTier = z.enum(modelTiers);

const resourceRefs = {
  glossary_ids: z.array(z.string().min(1)).max(10).optional(),
  brand_voice_id: z.string().min(1).optional(),
  tm_id: z.string().min(1).optional(),
  /** Extension: the engine tier to use instead of the one the analysis recommends. */
  model_tier: modelTier.optional(),
  /**
   * Extension: the built-in localization terminology (docs/translation.md). Default: on for text
   * the analysis rates Technical; `false` switches it off, `true` on for any text.
   */
  localization_terms: z.boolean().optional(),
  /**
   * Extension: a translation whose quality_score is below this (0–100), or that has no score,
   * comes back with a warning in `warnings`; it is never refused for it.
   */
  min_quality: z.number().int().min(0).max(100).optional().meta({
    description:
      "0–100: a translation scoring below this, or without a score, comes back with a warning in `warnings` (never an error)",
  }),
};

export const translateRequest = z
  .object({
    text: z.string().refine((s) => s.trim().length > 0, "must not be empty"),
    source_lang: sourceLanguageCode,
    target_lang: languageCode,
    ...resourceRefs,
  })
  .strict()
  .refine((r) => r.source_lang !== r.target_lang, { message: "must differ from source_lang", path: ["target_lang"] });
export type TranslateRequest = z.infer<typeof translateRequest>;

export const translationResult = z.object({
  translation: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
  quality_score: z.number().int().min(0).max(100).nullable().meta({ description: QUALITY_SCORE_DESCRIPTION }),
  /** Extension: the risks that lowered quality_score most, largest first (docs/analysis.md). */
  quality_reasons: z.array(z.string()).optional().meta({
    description:
      "The features that lowered quality_score most, largest first: unknown_common, pivots, word_acceptance, … (docs/analysis.md#quality_score)",
  }),
  credits_used: z.number().int(),
  character_count: z.number().int(),
  ...textResourceEffects,
});
export type TranslationResult = z.infer<typeof translationResult>;
export const translateResponse = envelope(translationResult);

export const MAX_BATCH_STRINGS = 500;
export const MAX_BATCH_TARGETS = 20;

export const batchRequest = z
  .object({
    strings: z
      .record(z.string(), z.string())
      .refine((m) => Object.keys(m).length > 0, "must contain at least one string")
      .refine((m) => Object.keys(m).length <= MAX_BATCH_STRINGS, `may contain at most ${MAX_BATCH_STRINGS} strings`),
    source_lang: sourceLanguageCode,
    target_langs: z
      .array(languageCode)
      .min(1, "must name at least one target language")
      .max(MAX_BATCH_TARGETS, `may name at most ${MAX_BATCH_TARGETS} target languages`),
    ...resourceRefs,
  })
  .strict()
  .refine((r) => !r.target_langs.includes(r.source_lang), {
    message: "must not include source_lang",
    path: ["target_langs"],
  })
  .refine((r) => new Set(r.target_langs).size === r.target_langs.length, {
    message: "must not repeat a language",
    path: ["target_langs"],
  });
export type BatchRequest = z.infer<typeof batchRequest>;

export const batchResult = z.object({
  translations: z.record(z.string(), z.record(z.string(), z.string())),
  total_credits_used: z.number().int(),
  total_characters: z.number().int(),
  ...batchResourceEffects,
});
export type BatchResult = z.infer<typeof batchResult>;
export const batchResponse = envelope(batchResult);
