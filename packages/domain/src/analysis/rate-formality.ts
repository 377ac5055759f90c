import { type Formality } from "@tolk/contract";

import { type TextFeatures } from "./text-features";

export interface FormalityRating {
  formality: Formality;
  /** Register evidence per 100 words: positive = formal, negative = informal. */
  score: number;
}

/** Net register evidence per 100 words beyond which a text is Formal (or, negated, Informal). */
export const FORMALITY_THRESHOLD = 2.5;

/**
 * The register of a text, from markers of each side, per 100 words (at least 20, so one
 * marker in a short line is not decisive):
 * - Formal rises with polite address (vous, usted, Sie, Lei), formulae and connectives of
 *   written, official language (hereby, veuillez, sehr geehrte, atentamente), and long
 *   sentences without contractions.
 * - Informal rises with familiar address (tu, du, tú), greetings and slang (hey, salut,
 *   krass, valeu), contractions (don't, gonna), emoji and repeated exclamation marks.
 * Between the two thresholds a text is Neutral: instructions, news, most technical text.
 */
export function rateFormality(f: TextFeatures): FormalityRating {
  const formal =
    f.vPronouns * 1 +
    f.formalMarkers * 1.5 +
    (f.meanSentenceWords >= 22 && f.contractions === 0 ? 1 : 0);
  const informal =
    f.tPronouns * 1.25 +
    f.informalMarkers * 1.5 +
    f.contractions * 1 +
    f.emoji * 1.5 +
    Math.max(0, f.exclamations - 1) * 0.5;
  const score = ((formal - informal) / Math.max(f.words, 20)) * 100;
  const formality: Formality = score >= FORMALITY_THRESHOLD ? "Formal" : score <= -FORMALITY_THRESHOLD ? "Informal" : "Neutral";
  return { formality, score: Math.round(score * 100) / 100 };
}
