import { type Domain } from "@tolk/contract";

import { type LexiconDomain } from "./lexicons";
import { type TextFeatures } from "./text-features";

export interface DomainRating {
  domain: Domain;
  /** 0–1: how far the winner is ahead of the runner-up. */
  margin: number;
  scores: Record<LexiconDomain, number>;
}

/** Evidence below this is too thin to name a domain: the text is General. */
export const MIN_DOMAIN_SCORE = 2;
/** …and so is a text where domain terms are fewer than this share of its words. */
export const MIN_DOMAIN_DENSITY = 0.025;

/**
 * The domain whose terminology the text uses most. Each score is the number of lexicon terms
 * found (other languages' terms count half), plus evidence that is not a word:
 * - Finance rises with currency signs and amounts (€40, USD);
 * - Technical rises with placeholders, markup and links (strings of software);
 * - Marketing rises with exclamations and imperative calls to action ("Shop now!").
 * A text without enough evidence, in count or in density, is General.
 */
export function classifyDomain(f: TextFeatures): DomainRating {
  const scores: Record<LexiconDomain, number> = {
    Legal: f.domainHits.Legal,
    Medical: f.domainHits.Medical,
    Marketing: f.domainHits.Marketing + Math.min(f.exclamations, 3) * 0.5 + Math.min(f.imperatives, 3) * 0.25 + Math.min(f.emoji, 3) * 0.5,
    Technical: f.domainHits.Technical + Math.min(f.placeholders + f.markup + f.links, 6) * 0.5,
    Finance: f.domainHits.Finance + Math.min(f.currency, 6) * 0.75,
  };
  const ranked = (Object.entries(scores) as [LexiconDomain, number][]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const [winner, best] = ranked[0] ?? ["Technical", 0];
  const second = ranked[1]?.[1] ?? 0;
  const density = best / Math.max(f.words, 1);
  if (best < MIN_DOMAIN_SCORE || density < MIN_DOMAIN_DENSITY) {
    // How clearly General: the further below the thresholds, the surer.
    const margin = 1 - Math.min(1, Math.max(best / MIN_DOMAIN_SCORE, density / MIN_DOMAIN_DENSITY));
    return { domain: "General", margin: round(Math.max(margin, 0.2)), scores };
  }
  return { domain: winner, margin: round((best - second) / best), scores };
}

const round = (n: number) => Math.round(n * 100) / 100;
