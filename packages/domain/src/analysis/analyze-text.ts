import { type AnalysisResult } from "@tolk/contract";

import { classifyDomain } from "./classify-domain";
import { detectLanguage } from "./detect-language";
import { makeTags } from "./make-tags";
import { makeTitle } from "./make-title";
import { rateFormality } from "./rate-formality";
import { rateRisks } from "./rate-risks";
import { recommendTier } from "./recommend-tier";
import { extractFeatures } from "./text-features";
import { loadTextModel, modelInputs, predict } from "./text-model";

/**
 * POST /v1/analyze/headless: language, domain, formality, risks, tier, tags and title of a
 * text, all from documented features (see each rating's module). Pure and deterministic: the
 * same text always gives the same result, and nothing is billed or stored.
 */
export async function analyzeText(options: { text: string }): Promise<AnalysisResult> {
  const { text } = options;
  const language = await detectLanguage(text);
  const features = extractFeatures(text, language.language);
  const weights = await loadTextModel();
  const model = predict(weights, modelInputs(text, features, weights.options));
  const domain = classifyDomain(features, model);
  const formality = rateFormality(features, model);
  const { risks } = rateRisks({ features, domain: domain.domain, formality: formality.formality });
  const tier = recommendTier({
    risks,
    features,
    highStakes: domain.domain === "Legal" || domain.domain === "Medical",
    languageConfidence: language.confidence,
    domainMargin: domain.margin,
  });
  return {
    detected_language: language.language,
    domain: domain.domain,
    formality: formality.formality,
    model_tier: tier.tier,
    routing_confidence: tier.routingConfidence,
    risks,
    tags: makeTags({ features, domain: domain.domain, formality: formality.formality, language: language.language }),
    title: makeTitle(text),
  };
}
