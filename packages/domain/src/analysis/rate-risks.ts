import { type Domain, type Formality, type RiskLevel, type RiskRatings } from "@tolk/contract";

import { type TextFeatures } from "./text-features";

/** One risk's points, from which its level follows: < 2 Low, < 4 Medium, else High. */
const level = (points: number): RiskLevel => (points >= 4 ? "High" : points >= 2 ? "Medium" : "Low");
const per100 = (n: number, f: TextFeatures) => (n / Math.max(f.words, 20)) * 100;

export interface RiskInputs {
  features: TextFeatures;
  domain: Domain;
  formality: Formality;
}

/** The five risks of the spec, each as points on documented features (see each function). */
export function rateRisks(input: RiskInputs): { risks: RiskRatings; points: Record<keyof RiskRatings, number> } {
  const points = {
    semanticRisk: semanticRisk(input),
    implicitMeaningLoad: implicitMeaningLoad(input.features),
    discourseComplexity: discourseComplexity(input.features),
    constraintSaturation: constraintSaturation(input.features),
    crossCulturalRisk: crossCulturalRisk(input),
  };
  const risks = Object.fromEntries(Object.entries(points).map(([k, p]) => [k, level(p)])) as RiskRatings;
  return { risks, points };
}

/**
 * Likelihood of meaning distortion. Rises with idioms (translated word for word they mean
 * something else), with domains where one wrong term changes the obligation or the dose
 * (Legal, Medical, Finance), with dense terminology, and with texts too short to give an
 * engine context.
 */
function semanticRisk({ features: f, domain }: RiskInputs): number {
  let p = 0;
  p += Math.min(f.idioms, 2) * 1.5;
  if (domain === "Legal" || domain === "Medical") p += 2;
  else if (domain === "Finance") p += 1;
  const terms = f.domainHits[domain as keyof typeof f.domainHits] ?? 0;
  if (per100(terms, f) >= 12) p += 1;
  if (f.words > 0 && f.words < 4) p += 1;
  return p;
}

/**
 * Hidden context or subtext. Rises with idioms and culture-bound references (meaning that
 * lives outside the words), ellipses and scare quotes, rhetorical questions in prose, and
 * irony-prone exclamations.
 */
function implicitMeaningLoad(f: TextFeatures): number {
  let p = 0;
  p += Math.min(f.idioms, 2) * 1.5;
  p += Math.min(f.cultureRefs, 2) * 1;
  p += Math.min(f.ellipses, 2) * 0.75;
  if (f.questions > 0 && f.sentences > 1) p += 0.5;
  if (f.exclamations >= 3) p += 0.5;
  return p;
}

/**
 * Structural complexity. Rises with long sentences (mean over 20 and 30 words, or one over
 * 45) and with clause depth: subordinate clauses and parenthetical breaks per sentence.
 */
function discourseComplexity(f: TextFeatures): number {
  let p = 0;
  if (f.meanSentenceWords > 30) p += 2;
  else if (f.meanSentenceWords > 20) p += 1;
  if (f.maxSentenceWords > 45) p += 1;
  if (f.clausesPerSentence >= 3) p += 2;
  else if (f.clausesPerSentence >= 1.5) p += 1;
  if (f.sentences >= 15) p += 0.5;
  return p;
}

/**
 * Density of what must survive translation unchanged or exactly: terms, acronyms, numbers
 * with units and currencies, placeholders, markup and links, per 100 words.
 */
function constraintSaturation(f: TextFeatures): number {
  const terms = Math.max(...Object.values(f.domainHits));
  const fixed =
    f.acronyms + f.measures + f.placeholders * 2 + f.markup + f.links + Math.max(0, f.numbers - f.measures) * 0.5;
  let p = 0;
  p += Math.min(3, per100(fixed, f) / 4);
  p += Math.min(2, per100(terms, f) / 8);
  return p;
}

/**
 * Sensitivity to cultural adaptation. Rises with culture-bound references (holidays,
 * institutions, customary units), idioms, marketing copy (slogans, puns, tone), and a
 * familiar or polite address that the target language must choose its own form for.
 */
function crossCulturalRisk({ features: f, domain, formality }: RiskInputs): number {
  let p = 0;
  p += Math.min(f.cultureRefs, 2) * 1.5;
  p += Math.min(f.idioms, 2) * 1.25;
  if (domain === "Marketing") p += 1;
  if (formality === "Informal" && f.tPronouns + f.informalMarkers > 0) p += 0.5;
  if (f.emoji > 0) p += 0.5;
  return p;
}
