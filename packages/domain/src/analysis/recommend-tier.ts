import { type RiskRatings } from "@tolk/contract";
import { type ModelTier } from "@tolk/engines";

import { type TextFeatures } from "./text-features";

const POINTS = { Low: 0, Medium: 1, High: 2 } as const;
/** Tier boundaries on the complexity score (0–12): ≤ MINI_MAX mini, ≥ PREMIUM_MIN premium. */
const MINI_MAX = 1;
const PREMIUM_MIN = 5;

export interface TierRecommendation {
  tier: ModelTier;
  score: number;
  routingConfidence: number;
}

/**
 * The engine tier a text needs. The score is the five risks (Low 0, Medium 1, High 2) plus one
 * point for texts over 300 words (long context to keep consistent) and one for high-stakes
 * domains. mini: simple, short, low-risk text; premium: nuanced or high-stakes text;
 * standard in between. A High semantic or cross-cultural risk goes to premium at once: those
 * are the mistakes rule-based engines make.
 *
 * Routing confidence is how far the score is from the nearest tier boundary (half a point
 * away: 0.55; three points or more: 1), lowered when the language or the domain was unclear.
 */
export function recommendTier(input: {
  risks: RiskRatings;
  features: TextFeatures;
  highStakes: boolean;
  languageConfidence: number;
  domainMargin: number;
}): TierRecommendation {
  const { risks, features } = input;
  let score = Object.values(risks).reduce((sum, r) => sum + POINTS[r], 0);
  if (features.words > 300) score += 1;
  if (input.highStakes) score += 1;
  const forced = risks.semanticRisk === "High" || risks.crossCulturalRisk === "High";
  const tier: ModelTier = forced || score >= PREMIUM_MIN ? "premium" : score <= MINI_MAX ? "mini" : "standard";

  const distance = forced
    ? Math.max(1, score - PREMIUM_MIN + 0.5)
    : Math.min(Math.abs(score - (MINI_MAX + 0.5)), Math.abs(score - (PREMIUM_MIN - 0.5)));
  const fromScore = 0.5 + Math.min(distance, 3) / 6;
  const fromLanguage = 0.75 + 0.25 * input.languageConfidence;
  const fromDomain = 0.85 + 0.15 * input.domainMargin;
  const routingConfidence = Math.round(Math.min(1, fromScore * fromLanguage * fromDomain) * 100) / 100;
  return { tier, score, routingConfidence };
}
