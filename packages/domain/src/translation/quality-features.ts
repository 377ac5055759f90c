/**
 * The features quality_score is learned from (packages/eval/eval/train-quality.ts) and computed with at run
 * time (quality-score.ts): one list, in one order, so that the committed weights and the code
 * that applies them cannot drift apart. Every feature is read from what the pipeline already has
 * for a segment: the source, the output, the engine's signals and the target language.
 *
 * Features named as risks (`unknown_*`, `pivots`, `repaired`, …) grow with the risk; the trainer
 * keeps their weights at or below zero, so more of a risk never raises the score.
 *
 * `reason` is the side of its training mean on which a feature is what its description
 * (QUALITY_REASONS in @tolk/contract) says: "words translators rarely keep" is a reason only when
 * the acceptance is below the usual. A feature is named as a reason only when it is on that side
 * and it lowered the score; where the learned weight points the other way (more words rare in the
 * engine's output scoring higher, say), it is never named, so a reason never says the opposite of
 * what happened. No `reason`: never named (the target language is the pair, not a risk).
 */
import { countWords } from "@tolk/engines";

import { type WrittenLookup, ngrams, writtenTokens } from "./quality-written";

/** What a segment went through, as translateSegments reports it. */
export interface QualityInput {
  source: string;
  output: string;
  /** Target language (ISO 639-1). */
  target: string;
  words: number;
  unknownWords: number;
  pivots: number;
  repairedPlaceholders: number;
}

/** A feature: whether it is a risk (weight kept ≤ 0) and on which side of its mean it is a reason. */
export interface QualityFeatureSpec {
  name: string;
  risk: boolean;
  reason?: "high" | "low";
}

/** The features, in the weights' order. */
export const QUALITY_FEATURES = [
  // Share of the words the engine did not know that are lowercase words (a real gap in its dictionary).
  { name: "unknown_common", risk: true, reason: "high" },
  // Share of unknown words that are names, product words or code (capitalised, digits, symbols):
  // left as they are, which is usually what a translator does too.
  { name: "unknown_name", risk: true, reason: "high" },
  { name: "pivots", risk: true, reason: "high" },
  // Placeholders the engine broke and the pipeline had to put back (capped at 3).
  { name: "repaired", risk: true, reason: "high" },
  // The output is the source unchanged, though the source has words.
  { name: "untranslated", risk: true, reason: "high" },
  // |ln(output length / source length)|: an output far shorter or longer than its source.
  { name: "length_off", risk: true, reason: "high" },
  // ln of the output/source length ratio (signed: target languages run longer than English).
  { name: "length_ratio", risk: false, reason: "low" },
  // Numbers of the source missing from the output.
  { name: "numbers_lost", risk: true, reason: "high" },
  // The source ends with . : ! ? … and the output does not end the same way, or the reverse.
  { name: "end_punct_changed", risk: true, reason: "high" },
  // One-word segments: labels whose translation depends on a context the engine never sees.
  { name: "one_word", risk: false, reason: "high" },
  // ln(1 + words): chrF of longer sentences varies less and sits lower.
  { name: "log_words", risk: false, reason: "high" },
  // Capitalised words in the source (Title Case menu labels, names): share of words.
  { name: "capitalised", risk: false, reason: "high" },
  // Mean, over the output's words, of how often translators of the training catalogs used a word
  // when the engine produced it (quality-words.json; 0.5 for a word not in the table).
  { name: "word_acceptance", risk: false, reason: "low" },
  // The least accepted of the output's words in the table.
  { name: "worst_word", risk: false, reason: "low" },
  // Share of the output's words the table does not have (rare in the training catalogs' output).
  { name: "unseen_words", risk: false, reason: "high" },
  // Mean, over the source's words, of the chrF the engine reached on training messages with that
  // word (quality-words.json, `source`), minus their overall mean: English words it handles badly.
  { name: "source_words", risk: false, reason: "low" },
  // Shares of the output's words, adjacent word pairs and word triples that no translator into the
  // target wrote in the training catalogs (quality-written.ts): wording a person would not write.
  { name: "unwritten_words", risk: true, reason: "high" },
  { name: "unwritten_pairs", risk: true, reason: "high" },
  { name: "unwritten_triples", risk: true, reason: "high" },
  // Target languages (es is the baseline): what the engine's pair reaches on its own.
  { name: "target_ca", risk: false },
  { name: "target_fr", risk: false },
  { name: "target_pt", risk: false },
  { name: "target_it", risk: false },
] as const satisfies readonly QualityFeatureSpec[];

export type QualityFeatureName = (typeof QUALITY_FEATURES)[number]["name"];
export type QualityFeatures = Record<QualityFeatureName, number>;

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’_.-]*/gu;
const LOWER_WORD = /^\p{Ll}[\p{Ll}\p{M}'’-]*$/u;
const NUMBER = /\d+(?:[.,]\d+)*/g;
const END_PUNCT = /[.:!?…]$/u;

/**
 * Lowercase source words the output has verbatim: the engine's unknown words come back as they
 * were written, so this bounds how many of them are common words rather than names.
 */
function copiedLowercase(source: string, output: string): number {
  const out = new Set(output.toLowerCase().match(WORD) ?? []);
  let n = 0;
  for (const w of source.match(WORD) ?? []) if (w.length > 2 && LOWER_WORD.test(w) && out.has(w)) n++;
  return n;
}

/** How often translators kept an output word (0–1), per target; undefined: not in the table. */
export type WordAcceptance = (target: string, word: string, side?: "output" | "source") => number | undefined;
export const UNSEEN_WORD_ACCEPTANCE = 0.5;
/** The distinct lowercase words of an output, as the acceptance table counts them. */
export const outputWords = (output: string): string[] => [...new Set(writtenTokens(output))];

export function qualityFeatures(
  input: QualityInput,
  acceptance: WordAcceptance = () => undefined,
  written: WrittenLookup = () => true,
): QualityFeatures {
  const words = Math.max(1, input.words || countWords(input.source));
  const unknown = Math.min(words, Math.max(0, input.unknownWords));
  const common = Math.min(unknown, copiedLowercase(input.source, input.output));
  const src = input.source.trim();
  const out = input.output.trim();
  const ratio = Math.log((out.length + 1) / (src.length + 1));
  const sourceNumbers = src.match(NUMBER) ?? [];
  const outNumbers = new Set(out.match(NUMBER) ?? []);
  const lost = sourceNumbers.filter((n) => !outNumbers.has(n)).length;
  const srcEnd = END_PUNCT.exec(src)?.[0] ?? "";
  const outEnd = END_PUNCT.exec(out)?.[0] ?? "";
  const sourceWords = src.match(WORD) ?? [];
  const capitalised = sourceWords.filter((w) => /^\p{Lu}/u.test(w)).length;
  // Read once: both the word tables and the n-grams count the output's words.
  const outputTokens = writtenTokens(input.output);
  return {
    unknown_common: common / words,
    unknown_name: (unknown - common) / words,
    pivots: Math.max(0, input.pivots),
    repaired: Math.min(3, Math.max(0, input.repairedPlaceholders)),
    untranslated: out === src && /\p{L}{2}/u.test(src) ? 1 : 0,
    length_off: Math.abs(ratio),
    length_ratio: ratio,
    numbers_lost: sourceNumbers.length > 0 ? lost / sourceNumbers.length : 0,
    end_punct_changed:
      (srcEnd === "") !== (outEnd === "") || (srcEnd !== outEnd && srcEnd !== "." && srcEnd !== "") ? 1 : 0,
    one_word: words === 1 ? 1 : 0,
    log_words: Math.log(1 + words),
    ...acceptanceFeatures(outputTokens, input.target, acceptance),
    source_words: sourceWordsFeature(input.source, input.target, acceptance),
    ...unwrittenFeatures(outputTokens, input.target, written),
    capitalised: sourceWords.length > 0 ? capitalised / sourceWords.length : 0,
    target_ca: input.target === "ca" ? 1 : 0,
    target_fr: input.target === "fr" ? 1 : 0,
    target_pt: input.target === "pt" ? 1 : 0,
    target_it: input.target === "it" ? 1 : 0,
  };
}

export function featureVector(features: QualityFeatures): number[] {
  return QUALITY_FEATURES.map((f) => features[f.name]);
}

function acceptanceFeatures(
  tokens: readonly string[],
  target: string,
  acceptance: WordAcceptance,
): Pick<QualityFeatures, "word_acceptance" | "worst_word" | "unseen_words"> {
  const words = new Set(tokens);
  if (words.size === 0)
    return { word_acceptance: UNSEEN_WORD_ACCEPTANCE, worst_word: UNSEEN_WORD_ACCEPTANCE, unseen_words: 0 };
  let sum = 0;
  let worst = 1;
  let unseen = 0;
  for (const w of words) {
    const a = acceptance(target, w);
    if (a === undefined) unseen++;
    sum += a ?? UNSEEN_WORD_ACCEPTANCE;
    worst = Math.min(worst, a ?? UNSEEN_WORD_ACCEPTANCE);
  }
  return { word_acceptance: sum / words.size, worst_word: worst, unseen_words: unseen / words.size };
}

function sourceWordsFeature(source: string, target: string, acceptance: WordAcceptance): number {
  const words = outputWords(source);
  if (words.length === 0) return 0;
  return words.reduce((sum, w) => sum + (acceptance(target, w, "source") ?? 0), 0) / words.length;
}

/** Share of each kind of n-gram of the output that translators never wrote (0 when it has none). */
function unwrittenFeatures(
  tokens: readonly string[],
  target: string,
  written: WrittenLookup,
): Pick<QualityFeatures, "unwritten_words" | "unwritten_pairs" | "unwritten_triples"> {
  const { words, pairs, triples } = ngrams(tokens);
  const share = (grams: readonly string[]) =>
    grams.length === 0 ? 0 : grams.filter((g) => !written(target, g)).length / grams.length;
  return { unwritten_words: share(words), unwritten_pairs: share(pairs), unwritten_triples: share(triples) };
}
