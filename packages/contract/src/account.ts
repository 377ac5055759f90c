import { z } from "zod";

import { envelope } from "./envelope";

export const plans = ["free", "starter", "professional", "enterprise"] as const;
export type Plan = (typeof plans)[number];
export const planSchema = z.enum(plans);

export const scopes = ["translate", "read", "write"] as const;
export type Scope = (typeof scopes)[number];
export const scopeSchema = z.enum(scopes);

export const identity = z.object({
  user_id: z.string(),
  org_id: z.string(),
  source: z.enum(["api_key", "idp_jwt"]),
  plan: planSchema,
  scopes: z.array(scopeSchema).nullable(),
});
export type Identity = z.infer<typeof identity>;

export const rateLimitsInfo = z.object({
  translate_per_min: z.number().int(),
  segment_per_min: z.number().int(),
  analyze_per_min: z.number().int(),
  api_per_min: z.number().int(),
});
export type RateLimitsInfo = z.infer<typeof rateLimitsInfo>;

export const limitsInfo = z.object({
  translation_memories_max: z.number().int(),
  glossaries_max: z.number().int(),
  brandvoice_profiles_max: z.number().int(),
  projects_max: z.number().int(),
});
export type LimitsInfo = z.infer<typeof limitsInfo>;

export const creditsInfo = z.object({
  allowance: z.number().int(),
  consumed: z.number().int(),
  top_up_balance: z.number().int(),
  remaining: z.number().int(),
  usage_percent: z.number(),
  // Extensions (additive): what is left of purchased lots, and when the period rolls over.
  top_up_remaining: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
});
export type CreditsInfo = z.infer<typeof creditsInfo>;

export const quota = z.object({
  plan: planSchema,
  credits: creditsInfo,
  rate_limits: rateLimitsInfo,
  limits: limitsInfo,
});
export type Quota = z.infer<typeof quota>;

export const languageUsage = z.object({
  target_lang: z.string(),
  characters: z.number().int(),
  documents: z.number().int(),
});
export const usage = z.object({
  from: z.string(),
  to: z.string(),
  total_characters: z.number().int(),
  total_documents: z.number().int(),
  by_language: z.array(languageUsage),
});
export type Usage = z.infer<typeof usage>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in the form YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "is not a real calendar date");

/** A UTC day in milliseconds: usage ranges, retention and key expiries count whole days. */
export const DAY_MS = 86_400_000;

export const usageQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict();
export type UsageQuery = z.infer<typeof usageQuery>;

export const languageInfo = z.object({
  code: z.string(),
  name: z.string(),
  direction: z.enum(["ltr", "rtl"]),
  /** Extension: the language's usual script (`routes[].script` says when an engine writes another). */
  script: z.string(),
  credit_weight: z.number().int(),
  targets: z.array(z.string()),
  /**
   * Extension: per target, the engine serving it, the first pivot language if any (`pivots`: every
   * intermediate language, at most two), and the output's script.
   */
  routes: z.array(
    z.object({
      target: z.string(),
      engine: z.string(),
      pivot: z.string().nullable(),
      pivots: z.array(z.string()),
      script: z.string(),
    }),
  ),
});
export const formatInfo = z.object({
  extension: z.string(),
  name: z.string(),
  mime_type: z.string(),
  max_size_mb: z.number().int(),
  category: z.enum(["document", "localization", "data", "subtitle"]),
});

export const meResponse = envelope(identity);
export const quotaResponse = envelope(quota);
export const usageResponse = envelope(usage);
export const languagesResponse = envelope(z.object({ languages: z.array(languageInfo), total: z.number().int() }));
export const formatsResponse = envelope(z.object({ formats: z.array(formatInfo), total: z.number().int() }));
