/**
 * What `quality_score` predicts and what each of its reasons (`quality_reasons`) means, for the
 * API description and the console. The reasons are the features of the model
 * (packages/domain/src/translation/quality-features.ts); a test keeps the two lists equal. The
 * figures are `pnpm --filter @tolk/eval exec tsx eval/quality-score.ts`'s, as in docs/analysis.md:
 * retraining the model (eval/train-quality.ts) means updating both.
 */
export const QUALITY_SCORE_DESCRIPTION =
  "0–100: a prediction of how close the translation is to a human translation of the same text " +
  "(sentence chrF, learned from Debian's gettext catalogs; docs/analysis.md#quality_score). Higher is closer: " +
  "on held-out catalogs its Spearman correlation with chrF is 0.57, and the median chrF rises band to band " +
  "(0–50: 33, 51–70: 48, 71–85: 60, 86–100: 90). null: no estimate (an engine that reports nothing to estimate from). " +
  "Translation-memory matches score their match score.";

export const QUALITY_REASONS: Readonly<Record<string, string>> = {
  unknown_common: "words the engine did not know, left untranslated",
  unknown_name: "names or product words the engine did not know (usually harmless)",
  pivots: "translated through an intermediate language",
  repaired: "placeholders the engine broke and Tolk restored",
  untranslated: "the output is the source unchanged",
  length_off: "the output is much shorter or longer than the source",
  length_ratio: "the output is shorter than usual against the source",
  numbers_lost: "numbers of the source missing from the output",
  end_punct_changed: "the closing punctuation changed",
  one_word: "a single word, translated without context",
  log_words: "a long sentence (more for the engine to get wrong)",
  capitalised: "many capitalised words (labels, names)",
  word_acceptance: "wording translators rarely keep from this engine",
  worst_word: "a word translators almost never keep from this engine",
  unseen_words: "words rare in the engine's output on the training catalogs",
  source_words: "source words the engine usually translates badly",
  unwritten_words: "words translators do not write in this language",
  unwritten_pairs: "word pairs translators do not write in this language (unidiomatic wording)",
  unwritten_triples: "word sequences translators do not write in this language",
};
