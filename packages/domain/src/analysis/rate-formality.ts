import { type Formality } from "@tolk/contract";

import { type TextFeatures } from "./text-features";
import { type ModelOutput } from "./text-model";

export interface FormalityRating {
  formality: Formality;
  /** Register evidence: positive = formal, negative = informal. */
  score: number;
}

/** Net register evidence beyond which a text is Formal (or, negated, Informal). */
export const FORMALITY_THRESHOLD = 2.5;
/**
 * Marker evidence this many times the threshold is Formal whatever the model says
 * (packages/eval/eval/train-text-model.ts --cv measures the rule: no loss).
 */
export const STRONG_FORMAL = 4;

/**
 * The register. Informal is the marker rule's (below), and only where slang, greetings,
 * interjections or emoji are among its evidence: the model's training texts hold no
 * conversational register yet, and contractions or familiar address alone are the ordinary
 * voice of documentation and app copy, not chat. Otherwise the trained model decides between
 * Formal and Neutral (text-model.ts; its inputs include the rule's marker counts); `score` is
 * then P(Formal) − P(Informal) scaled to the rule's range. The training texts hold no
 * correspondence either, so formulae dense enough to pass STRONG_FORMAL times the threshold
 * ("Sehr geehrte…, hiermit…, Mit freundlichen Grüßen") make a text Formal. Texts of fewer than
 * 3 words are Neutral. Without a model the rule decides.
 */
export function rateFormality(f: TextFeatures, model?: ModelOutput): FormalityRating {
  const byMarkers = rateFormalityByMarkers(f);
  if (!model) return byMarkers;
  if (byMarkers.formality === "Informal" && f.informalMarkers + f.emoji > 0) return byMarkers;
  if (f.words < 3) return { formality: "Neutral", score: 0 };
  if (byMarkers.score >= STRONG_FORMAL * FORMALITY_THRESHOLD) return byMarkers;
  const p = model.formality.probabilities;
  return { formality: model.formality.label, score: Math.round((p.Formal - p.Informal) * 5 * 100) / 100 };
}

/**
 * The register of a text, from two kinds of evidence:
 * - markers, counted per 100 words (at least 20, so one marker in a short line is not
 *   decisive). Formal: formulae and connectives of official writing (hereby, veuillez, sehr
 *   geehrte, atentamente, ai sensi). Informal: familiar address (tu, du, tú), greetings and
 *   slang (hey, salut, krass, valeu), contractions (don't, gonna), emoji, repeated "!".
 * - the style of the whole text, which raises formality by up to 3.5 points: impersonal prose
 *   (no first or second person, imperatives, questions or exclamations) dense in legal,
 *   medical or financial terms, as in contracts, clinical notes and reports; long sentences
 *   without personal address; long words (the nominal style of official writing).
 * Polite address (vous, Sie, usted) is not formality by itself: it is the ordinary address of
 * instructions and shops. Between the two thresholds a text is Neutral.
 */
export function rateFormalityByMarkers(f: TextFeatures): FormalityRating {
  const per100 = 100 / Math.max(f.words, 20);
  const markers =
    (f.formalMarkers * 1.5 -
      (f.tPronouns * 1.25 +
        f.informalMarkers * 1.5 +
        f.contractions +
        f.emoji * 1.5 +
        Math.max(0, f.exclamations - 1) * 0.5)) *
    per100;
  const impersonal = f.personal === 0 && f.imperatives === 0 && f.questions === 0 && f.exclamations === 0;
  const specialised = (f.domainHits.Legal + f.domainHits.Medical + f.domainHits.Finance) * per100;
  let style = 0;
  if (impersonal && specialised >= 8) style += 1.5;
  if (impersonal && f.meanSentenceWords >= 22) style += 1;
  if (f.meanWordLength >= 6) style += 1;
  const score = markers + (markers > -FORMALITY_THRESHOLD ? style : 0);
  const formality: Formality =
    score >= FORMALITY_THRESHOLD ? "Formal" : score <= -FORMALITY_THRESHOLD ? "Informal" : "Neutral";
  return { formality, score: Math.round(score * 100) / 100 };
}
