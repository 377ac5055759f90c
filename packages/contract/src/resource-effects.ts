import { z } from "zod";

import { formalities } from "./formality";

/**
 * What glossaries, translation memories and brand voices did to a translation: extension fields
 * of the text and batch results, present only when the request named such a resource.
 */

/** The translation-memory match a segment reused: 100 exact, 75–99 fuzzy (repaired). */
export const tmMatch = z.object({
  segment: z.number().int(),
  score: z.number().int().min(75).max(100),
  unit_id: z.string(),
  level: z.enum(["exact", "fuzzy"]),
  /** Numbers, placeholders or glossary terms of the unit's target replaced to fit this source. */
  repaired: z.array(z.object({ from: z.string(), to: z.string() })),
});
export type TmMatch = z.infer<typeof tmMatch>;

/** A source term rendered as its target: from a glossary (its id), the brand voice's preferred or do-not-translate terms. */
export const termApplied = z.object({
  source: z.string(),
  target: z.string(),
  origin: z.string(),
  count: z.number().int(),
});
export type TermApplied = z.infer<typeof termApplied>;

export const brandVoiceApplied = z.object({
  id: z.string(),
  name: z.string(),
  tone: z.string().nullable(),
  formality: z.enum(formalities),
  /** How formality and tone reached the output: the engine's prompt, a post-edit, or not at all. */
  formality_applied_by: z.enum(["prompt", "post_edit", "none"]),
});
export type BrandVoiceApplied = z.infer<typeof brandVoiceApplied>;

/** Extension fields of POST /v1/translate. */
export const textResourceEffects = {
  tm_match: z.array(tmMatch).optional(),
  glossary_terms_applied: z.array(termApplied).optional(),
  brand_voice_applied: brandVoiceApplied.optional(),
  /** Forbidden terms that had to be removed or replaced after the engine, for review. */
  warnings: z.array(z.string()).optional(),
};

/** Extension fields of POST /v1/translate/batch: per target language, then per key. */
export const batchResourceEffects = {
  tm_match: z.record(z.string(), z.record(z.string(), z.array(tmMatch))).optional(),
  glossary_terms_applied: z.record(z.string(), z.array(termApplied)).optional(),
  brand_voice_applied: z.record(z.string(), brandVoiceApplied).optional(),
  warnings: z.array(z.string()).optional(),
};
