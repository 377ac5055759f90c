/**
 * `quality_score`: an estimate, 0–100, higher is better, from what the engines told us about
 * each segment. It is not a measured quality: it says how much of the text the engine actually
 * handled and how many extra risks the translation went through.
 *
 * Per segment s with words(s) > 0:
 *
 *   score(s) = clamp₀¹⁰⁰( baseline(engine) × (1 − unknown(s) / words(s))
 *                         − 10 × pivots(s)
 *                         − min(20, 5 × repairedPlaceholders(s)) )
 *
 * - baseline: what the engine reaches on a sentence whose every word it knows.
 *   · apertium 70: rule-based; with full coverage the output is grammatical and faithful but
 *     literal. Published post-editing evaluations put it near publishable for close pairs
 *     (es↔ca, es↔pt) and clearly below neural engines for distant ones (en↔es); 70 is that middle.
 *   · libretranslate 75: general-purpose neural (Argos/OpenNMT) models, fluent but small.
 *   · llm 85: large models, fluent, occasional omissions or additions.
 *   · tm: the match score (100 for an exact translation-memory match, a human translation;
 *     75–99 for a repaired fuzzy match), given as `tmScore`; 100 when absent.
 *   · any other engine 70.
 *   An engine name may carry a suffix after ":" ("llm:premium"); the part before it decides.
 * - unknown words / words: the share the engine left untranslated. It scales the baseline, so a
 *   segment the engine knew nothing of scores 0 whatever the engine. Ratios above 1 count as 1.
 *   `unknownWords: null` (the engine cannot tell) counts as 0 unknown in a segment that is scored.
 * - pivots: −10 per intermediate language the text went through (fr→es→en is one), each an
 *   engine pass whose errors the next compounds.
 * - repaired placeholders: −5 each, at most −20 per segment: the engine broke markup, so the
 *   sentence around it is suspect too.
 * - cached: no effect; a cached result carries the signals it was translated with.
 *
 * Aggregate: the mean of score(s) weighted by words(s), rounded to an integer. Segments without
 * words (only placeholders or punctuation, never sent to an engine) carry no weight.
 *
 * null, "no estimate possible", when no segment with words carries a signal: a signal is a known
 * unknown-word count, a pivot or a placeholder repair. A request translated only by engines that
 * report nothing (an LLM, LibreTranslate) without incident therefore has no score, instead of a
 * constant that would look like a measurement; the same with a repair has one.
 *
 * Monotonic: more unknown words, a pivot or more repairs in any segment never raise the score
 * (each term is non-increasing, clamping and a fixed-weight mean keep that).
 */

export interface SegmentQualitySignals {
  /** Words in the source segment (`countWords`). */
  words: number;
  /** Words the engine left untranslated; null when the engine cannot tell. */
  unknownWords: number | null;
  /** Intermediate languages the segment was translated through (0 for a direct pair). */
  pivots: number;
  /** Placeholders `restorePlaceholders` had to repair in this segment. */
  repairedPlaceholders: number;
  /** Engine name as in `Engine.name` ("apertium", "llm", "libretranslate", "tm"). */
  engine: string;
  /** Translation-memory reuse: the match score, the segment's baseline. */
  tmScore?: number;
  cached?: boolean;
}

export const ENGINE_BASELINES: Readonly<Record<string, number>> = {
  apertium: 70,
  libretranslate: 75,
  llm: 85,
  tm: 100,
};
const DEFAULT_BASELINE = 70;
export const PIVOT_PENALTY = 10;
export const REPAIR_PENALTY = 5;
export const MAX_REPAIR_PENALTY = 20;

export function segmentQuality(signals: SegmentQualitySignals): number {
  const engine = signals.engine.split(":")[0] ?? signals.engine;
  const baseline = engine === "tm" && signals.tmScore !== undefined ? signals.tmScore : (ENGINE_BASELINES[engine] ?? DEFAULT_BASELINE);
  const words = Math.max(0, signals.words);
  const unknown = Math.max(0, signals.unknownWords ?? 0);
  const coverage = words > 0 ? 1 - Math.min(1, unknown / words) : 1;
  const repairs = Math.min(MAX_REPAIR_PENALTY, REPAIR_PENALTY * Math.max(0, signals.repairedPlaceholders));
  const score = baseline * coverage - PIVOT_PENALTY * Math.max(0, signals.pivots) - repairs;
  return Math.min(100, Math.max(0, score));
}

export function qualityScore(segments: readonly SegmentQualitySignals[]): number | null {
  const tally = new QualityTally();
  for (const signals of segments) tally.add(signals);
  return tally.score();
}

/**
 * `qualityScore` kept as a running sum, for a caller that sees the signals a chunk at a time
 * (a large document has a hundred thousand sentences; their signals need not all be kept).
 */
export class QualityTally {
  private weight = 0;
  private sum = 0;
  private informed = false;

  add(signals: SegmentQualitySignals): void {
    if (!(signals.words > 0)) return;
    this.informed ||= signals.unknownWords !== null || signals.pivots > 0 || signals.repairedPlaceholders > 0;
    this.weight += signals.words;
    this.sum += signals.words * segmentQuality(signals);
  }

  score(): number | null {
    if (!this.informed || this.weight === 0) return null;
    return Math.round(this.sum / this.weight);
  }
}
