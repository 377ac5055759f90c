import { z } from "zod";

import { envelope } from "./envelope";
import { modelTier } from "./translate";
import { formalities } from "./formality";

/** The longest text POST /v1/analyze/headless accepts, in characters (code points). */
export const MAX_ANALYZE_CHARS = 100_000;

export const analyzeRequest = z
  .object({
    text: z
      .string()
      .refine((s) => s.trim().length > 0, "must not be empty")
      .refine((s) => [...s].length <= MAX_ANALYZE_CHARS, `must be at most ${MAX_ANALYZE_CHARS} characters`),
  })
  .strict();
export type AnalyzeRequest = z.infer<typeof analyzeRequest>;

export const domains = ["Legal", "Medical", "Marketing", "Technical", "General", "Finance"] as const;
export type Domain = (typeof domains)[number];
export const riskLevels = ["Low", "Medium", "High"] as const;
export type RiskLevel = (typeof riskLevels)[number];
const riskLevel = z.enum(riskLevels);

export const riskRatings = z.object({
  semanticRisk: riskLevel,
  implicitMeaningLoad: riskLevel,
  discourseComplexity: riskLevel,
  constraintSaturation: riskLevel,
  crossCulturalRisk: riskLevel,
});
export type RiskRatings = z.infer<typeof riskRatings>;

export const analysisResult = z.object({
  /** ISO 639-1, or "auto" when the detection is inconclusive. */
  detected_language: z.string(),
  /** One of `domains` today; clients should accept other values (the list may grow). */
  domain: z.string(),
  formality: z.enum(formalities),
  model_tier: modelTier,
  routing_confidence: z.number().min(0).max(1),
  risks: riskRatings,
  tags: z.array(z.string()).nullable(),
  title: z.string(),
});
export type AnalysisResult = z.infer<typeof analysisResult>;
export const analyzeResponse = envelope(analysisResult);
