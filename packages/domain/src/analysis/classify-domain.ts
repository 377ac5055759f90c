import { type Domain } from "@tolk/contract";

import { type LexiconDomain } from "./lexicons";
import { type TextFeatures } from "./text-features";
import { type ModelOutput } from "./text-model";

export interface DomainRating {
  domain: Domain;
  /** 0–1: how far the winner is ahead of the runner-up. */
  margin: number;
  scores: Record<LexiconDomain, number>;
}

/**
 * Evidence below this is too thin to name a domain: the text is General. A short text (under
 * SHORT_TEXT_WORDS) has room for one term only, so one is enough there.
 */
export const MIN_DOMAIN_SCORE = 2;
const SHORT_TEXT_WORDS = 30;
/** …and so is a text where domain terms are fewer than this share of its words. */
export const MIN_DOMAIN_DENSITY = 0.025;

/** Fewer words than this say too little to name a domain: the text is General. */
export const MIN_MODEL_WORDS = 3;
/**
 * A domain the model ranks within this of its first is a close call, which the lexicon settles
 * when it names that domain (packages/eval/eval/train-text-model.ts --cv measures the rule: no loss).
 */
export const CLOSE_CALL = 0.1;

/**
 * The domain: the trained model's (text-model.ts), whose inputs include the lexicon counts
 * below; the margin is how far its most probable domain is ahead of the second. General is
 * what is left when no domain has evidence, so where the model answers General but the
 * lexicon rule found enough of one domain's terms, the terms win: the model has seen few
 * kinds of text per domain (shop copy, supply contracts) and the lexicons cover those. For the
 * same reason a close call goes to the lexicon: a domain the lexicon names and the model ranks
 * within CLOSE_CALL of its first (a sales offer with a percentage, between Finance, General and
 * Marketing). Texts of fewer than MIN_MODEL_WORDS words are General. Without a model the lexicon
 * rule decides.
 */
export function classifyDomain(f: TextFeatures, model?: ModelOutput): DomainRating {
  const lexicon = classifyDomainByLexicon(f);
  if (!model) return lexicon;
  if (f.words < MIN_MODEL_WORDS) return { ...lexicon, domain: "General", margin: 0.2 };
  if (model.domain.label === "General" && lexicon.domain !== "General") return lexicon;
  const p = model.domain.probabilities;
  const ranked = (Object.entries(p) as [Domain, number][]).sort((a, b) => b[1] - a[1]);
  const [, first = 0] = ranked[0] ?? [];
  const [, second = 0] = ranked[1] ?? [];
  if (first - p[lexicon.domain] < CLOSE_CALL) return { ...lexicon, margin: round(first - second) };
  return { domain: model.domain.label, margin: round(first - second), scores: lexicon.scores };
}

/**
 * The domain whose terminology the text uses most. Each score is the number of lexicon terms
 * found (other languages' terms count half), plus evidence that is not a word:
 * - Finance rises with currency signs and amounts (€40, USD);
 * - Technical rises with placeholders, markup and links (strings of software);
 * - Marketing rises with exclamations, emoji and imperative calls to action ("Shop now!").
 * Exclamations and prices are in every chat and shopping list, so they only add to a
 * Marketing or Finance score that terms have started; markup and placeholders are software.
 * A text without enough evidence, in count or in density, is General.
 */
export function classifyDomainByLexicon(f: TextFeatures): DomainRating {
  const scores: Record<LexiconDomain, number> = {
    Legal: f.domainHits.Legal,
    Medical: f.domainHits.Medical,
    Marketing: supported(
      f.domainHits.Marketing,
      Math.min(f.exclamations, 3) * 0.5 + Math.min(f.imperatives, 3) * 0.25 + Math.min(f.emoji, 3) * 0.5,
    ),
    Technical: f.domainHits.Technical + Math.min(f.placeholders + f.markup + f.links, 6) * 0.5,
    Finance: supported(f.domainHits.Finance, Math.min(f.currency, 6) * 0.75),
  };
  const ranked = (Object.entries(scores) as [LexiconDomain, number][]).sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  );
  const [winner, best] = ranked[0] ?? ["Technical", 0];
  const second = ranked[1]?.[1] ?? 0;
  const density = best / Math.max(f.words, 1);
  const minScore = f.words < SHORT_TEXT_WORDS ? 1 : MIN_DOMAIN_SCORE;
  if (best < minScore || density < MIN_DOMAIN_DENSITY) {
    // How clearly General: the further below the thresholds, the surer.
    const margin = 1 - Math.min(1, Math.max(best / minScore, density / MIN_DOMAIN_DENSITY));
    return { domain: "General", margin: round(Math.max(margin, 0.2)), scores };
  }
  return { domain: winner, margin: round((best - second) / best), scores };
}

/** Non-word evidence counts only once the domain's terms are there. */
const supported = (terms: number, extra: number) => (terms > 0 ? terms + extra : 0);

const round = (n: number) => Math.round(n * 100) / 100;
