import { type Formality, type TranslateRequest, type TranslationResult, estimateCredits } from "@tolk/contract";

import { defaultedSourceWarning, resolveSourceLanguage } from "../analysis/resolve-source-language";
import { type Principal } from "../auth/principal";
import { assertCanAfford, billTranslation, countCharacters, creditsFor } from "../billing/bill-translation";
import { type DomainContext } from "../context";
import { badRequest } from "../errors";
import { effectiveLimits } from "../plans";
import { localizationApplies } from "./localization-applies";
import { minQualityWarning } from "./min-quality";
import { qualityReasons, qualityScore } from "./quality-score";
import { resolveTranslationResources } from "./resolve-resources";
import { textEffects } from "./resource-effects";
import { segmentWithMemory } from "./segment-with-memory";
import { defaultSourceLangFor } from "./default-source-lang";
import { translationFor } from "./org-engines";
import { type TranslationServices, resolveRoute, translateSegments } from "./translate-segments";

/** Refuses a text longer than the organization's plan allows (400, the limit in the message). */
export function assertTextWithinPlan(principal: Pick<Principal, "org">, characters: number, param: string): void {
  const max = effectiveLimits(principal.org).max_text_chars;
  if (characters > max) {
    throw badRequest(`The text has ${characters} characters; your plan allows at most ${max} per text.`, param);
  }
}

/**
 * POST /v1/translate: validate → check the estimate against the balance (402 before any
 * work) → translate → bill the exact output in one transaction with its usage event.
 */
export async function translateText(
  ctx: DomainContext,
  shared: TranslationServices,
  options: { principal: Principal; requestId: string; request: TranslateRequest; formality?: Formality },
): Promise<TranslationResult> {
  const { principal } = options;
  const services = await translationFor(shared, principal.org);
  const request = await resolveSourceLanguage(options.request, {
    texts: [options.request.text],
    targets: [options.request.target_lang],
    engineCount: services.router.engines.length,
    defaultSourceLang: defaultSourceLangFor(services, principal.org),
  });
  const inputChars = countCharacters(request.text);
  assertTextWithinPlan(principal, inputChars, "text");
  const resources = await resolveTranslationResources(ctx, {
    orgId: principal.org.id,
    sourceLang: request.source_lang,
    targetLangs: [request.target_lang],
    refs: { ...request, formality: options.formality },
    localization: localizationApplies({
      flag: request.localization_terms,
      sourceLang: request.source_lang,
      texts: [request.text],
    }),
  });
  const route = resolveRoute(services, request.source_lang, request.target_lang, request.model_tier);
  await assertCanAfford(ctx, principal, estimateCredits(request.text, request.target_lang), options.requestId);

  const segmented = segmentWithMemory(request.text, request.source_lang, resources.memoryIndex);
  const translated = await translateSegments(services, {
    route,
    segments: segmented.segments,
    tier: request.model_tier,
    resources: resources.forTarget(request.target_lang),
  });
  const translation = segmented.join(translated.texts);
  const characters = countCharacters(translation);
  const credits = creditsFor(characters, request.target_lang);
  await billTranslation(ctx, {
    org: principal.org,
    apiKeyId: principal.keyId,
    requestId: options.requestId,
    kind: "text",
    sourceLang: request.source_lang,
    usage: [{ targetLang: request.target_lang, characters, credits }],
  });
  const score = qualityScore(translated.signals);
  const reasons = qualityReasons(translated.signals);
  return {
    translation,
    source_lang: request.source_lang,
    target_lang: request.target_lang,
    quality_score: score,
    ...(reasons.length > 0 ? { quality_reasons: reasons } : {}),
    credits_used: credits,
    character_count: characters,
    ...withWarning(
      withDefaultedSource(textEffects(resources, translated), request),
      minQualityWarning("The translation", score, request.min_quality, reasons),
    ),
  };
}

/** The effects with one more warning at the end, when there is one. */
export function withWarning<E extends { warnings?: string[] }>(effects: E, warning: string | null): E {
  return warning ? { ...effects, warnings: [...(effects.warnings ?? []), warning] } : effects;
}

/** The resource effects, with the warning that the source language was the default rather than detected. */
export function withDefaultedSource<E extends { warnings?: string[] }>(
  effects: E,
  request: { source_lang: string; source_lang_defaulted?: true },
): E {
  if (!request.source_lang_defaulted) return effects;
  return { ...effects, warnings: [defaultedSourceWarning(request.source_lang), ...(effects.warnings ?? [])] };
}
