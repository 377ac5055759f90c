/**
 * `quality_score`, 0–100: a prediction of the sentence chrF the translation would reach against
 * a human translation of the same text (chrF: character n-gram F-score, 100 = identical).
 *
 * Per segment, by who translated it:
 * - an engine that reports its unknown words (Apertium): a linear model over the features of
 *   quality-features.ts, learned from the training split of Debian's gettext catalogs by
 *   packages/eval/eval/train-quality.ts (weights in quality-model.json), clamped to 0–100;
 * - translation memory: the match score (100 for an exact match, a human translation);
 * - an engine that reports nothing (an LLM, LibreTranslate, DeepL): no estimate. The model was
 *   learned on Apertium's output, and its intercept says what Apertium reaches; applied to another
 *   engine it would be a number that looks like a measurement and is not.
 *
 * Aggregate: the mean of the segments' scores weighted by their words, rounded; segments without
 * words or without an estimate carry no weight. null when no segment has an estimate.
 *
 * Monotonic: every risk feature's weight is ≤ 0 (the trainer enforces it), so more unknown words,
 * a pivot or more repaired placeholders never raise a segment's score, nor the mean.
 */
import model from "./quality-model.json";
import {
  QUALITY_FEATURES,
  type QualityFeatureName,
  type QualityFeatureSpec,
  type QualityFeatures,
  type WordAcceptance,
  qualityFeatures,
} from "./quality-features";
import wordTables from "./quality-words.json";
import { type WrittenLookup, committedWritten } from "./quality-written";

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
  /** Translation-memory reuse: the match score, the segment's score. */
  tmScore?: number;
  cached?: boolean;
  /** The source segment and its translation, for the text features (length, numbers, …). */
  source?: string;
  output?: string;
  /** Target language (ISO 639-1). */
  target?: string;
}

export interface QualityModel {
  target: string;
  trainedOn: string;
  intercept: number;
  weights: Partial<Record<QualityFeatureName, number>>;
  /** Each feature's mean on the training messages: a reason is a feature worse than usual. */
  means: Partial<Record<QualityFeatureName, number>>;
  /**
   * Monotone piecewise-linear map from the linear prediction to the score, through these
   * [prediction, score] knots (the training predictions' quantiles set the bands' edges).
   */
  calibration: [number, number][];
}

/**
 * Learned word tables (packages/eval/eval/train-quality.ts), per target language: `output`, output word → how
 * often translators kept it; `source`, English word → the engine's chrF on messages with it,
 * relative to its mean.
 */
export type WordTable = Record<string, Record<string, number>>;
export interface AcceptanceTable {
  output: WordTable;
  source: WordTable;
}

const clamp = (v: number) => Math.min(100, Math.max(0, v));

export const QUALITY_MODEL: QualityModel = model as QualityModel;
const ACCEPTANCE: AcceptanceTable = wordTables;

const own = (table: WordTable, target: string, word: string): number | undefined => {
  // Own properties only: a word may be "constructor".
  const byWord = Object.hasOwn(table, target) ? table[target] : undefined;
  return byWord && Object.hasOwn(byWord, word) ? byWord[word] : undefined;
};
export const lookupAcceptance =
  (table: AcceptanceTable): WordAcceptance =>
  (target, word, side = "output") =>
    own(table[side], target, word);
/** The committed word tables. */
export const committedAcceptance = lookupAcceptance(ACCEPTANCE);

/** The knots' piecewise-linear interpolation, extended flat past the last knots, clamped to 0–100. */
export function applyCalibration(raw: number, knots: readonly [number, number][]): number {
  const first = knots[0];
  const last = knots.at(-1);
  if (!first || !last) return clamp(raw);
  if (raw <= first[0]) return clamp(first[1] - (first[0] - raw));
  if (raw >= last[0]) return clamp(last[1]);
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i] ?? last;
    const [x0, y0] = knots[i - 1] ?? first;
    if (raw <= x1) return clamp(x1 === x0 ? y1 : y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0));
  }
  return clamp(last[1]);
}

/** A risk that lowered a segment's score, and by how many points. */
export interface QualityReason {
  feature: QualityFeatureName;
  points: number;
}

export interface SegmentQuality {
  score: number;
  /** Features that lowered the score below a usual segment's, largest first. */
  reasons: QualityReason[];
}

/** The features of a segment the model can score, or null (no estimate: see the module comment). */
function featuresOf(
  signals: SegmentQualitySignals,
  words: WordAcceptance,
  written: WrittenLookup,
): QualityFeatures | null {
  if (!(signals.words > 0) || signals.unknownWords === null) return null;
  return qualityFeatures(
    {
      source: signals.source ?? "",
      output: signals.output ?? signals.source ?? "",
      target: signals.target ?? "",
      words: signals.words,
      unknownWords: signals.unknownWords,
      pivots: signals.pivots,
      repairedPlaceholders: signals.repairedPlaceholders,
    },
    words,
    written,
  );
}

/** A segment's score and reasons under a model and tables (the committed ones by default); null: no estimate. */
export function segmentQualityDetail(
  signals: SegmentQualitySignals,
  m: QualityModel = QUALITY_MODEL,
  words: WordAcceptance = committedAcceptance,
  written: WrittenLookup = committedWritten,
): SegmentQuality | null {
  if (!(signals.words > 0)) return null;
  if (signals.engine.split(":")[0] === "tm") return { score: clamp(signals.tmScore ?? 100), reasons: [] };
  const features = featuresOf(signals, words, written);
  if (!features) return null;
  let raw = m.intercept;
  for (const { name } of QUALITY_FEATURES) raw += (m.weights[name] ?? 0) * features[name];
  const score = applyCalibration(raw, m.calibration);
  // A reason: a feature that puts this segment below a usual one (the feature at its training
  // mean), by how many points of the score, on the side its description names.
  const reasons: QualityReason[] = [];
  for (const spec of QUALITY_FEATURES as readonly QualityFeatureSpec[]) {
    const name = spec.name as QualityFeatureName;
    const offset = features[name] - (m.means[name] ?? 0);
    if (!spec.reason || (spec.reason === "high" ? offset <= 0 : offset >= 0)) continue;
    const contribution = (m.weights[name] ?? 0) * offset;
    if (contribution >= 0) continue;
    const points = Math.round(applyCalibration(raw - contribution, m.calibration) - score);
    if (points >= 1) reasons.push({ feature: name, points });
  }
  return { score, reasons: reasons.sort((a, b) => b.points - a.points) };
}

/** A segment's score, or null when no estimate is possible. */
export function segmentQuality(signals: SegmentQualitySignals): number | null {
  return segmentQualityDetail(signals)?.score ?? null;
}

export function qualityScore(segments: readonly SegmentQualitySignals[]): number | null {
  const tally = new QualityTally();
  for (const signals of segments) tally.add(signals);
  return tally.score();
}

/** The risks that cost a text the most points, over its segments (weighted by words), largest first. */
export function qualityReasons(segments: readonly SegmentQualitySignals[], limit = 3): QualityFeatureName[] {
  const tally = new QualityTally();
  for (const signals of segments) tally.add(signals);
  return tally.reasons(limit);
}

/**
 * `qualityScore` kept as a running sum, for a caller that sees the signals a chunk at a time
 * (a large document has a hundred thousand sentences; their signals need not all be kept).
 */
export class QualityTally {
  private weight = 0;
  private sum = 0;
  private readonly lost = new Map<QualityFeatureName, number>();

  /** Adds a segment; returns its score (null: no estimate). */
  add(signals: SegmentQualitySignals): number | null {
    const detail = segmentQualityDetail(signals);
    if (!detail) return null;
    this.weight += signals.words;
    this.sum += signals.words * detail.score;
    for (const r of detail.reasons)
      this.lost.set(r.feature, (this.lost.get(r.feature) ?? 0) + r.points * signals.words);
    return detail.score;
  }

  score(): number | null {
    if (this.weight === 0) return null;
    return Math.round(this.sum / this.weight);
  }

  reasons(limit = 3): QualityFeatureName[] {
    return [...this.lost]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([feature]) => feature);
  }
}
