/**
 * `min_quality` (POST /v1/translate, /batch, /document): a translation that scores below the
 * threshold, or that has no score to compare, is returned as usual with a warning saying so, so
 * that a caller never takes a weak translation for a checked one. It is never an error: the text
 * was translated and billed, and a person may still want it.
 */
import { type QualityFeatureName } from "./quality-features";

/** The warning for one translation (`what` names it: "the translation", "'save' (es)"), or null when it passes. */
export function minQualityWarning(
  what: string,
  score: number | null,
  min: number | undefined,
  reasons: readonly QualityFeatureName[] = [],
): string | null {
  if (min === undefined) return null;
  if (score === null)
    return `${what} has no quality_score (the engine reports nothing to estimate it from), so min_quality ${min} could not be checked.`;
  if (score >= min) return null;
  const why = reasons.length > 0 ? ` Main risks: ${reasons.join(", ")}.` : "";
  return `${what} has quality_score ${score}, below min_quality ${min}: review it before use.${why}`;
}
