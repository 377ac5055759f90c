import { type BatchRequest, type BatchResult, type Formality } from "@tolk/contract";

import { resolveSourceLanguage } from "../analysis/resolve-source-language";
import { type Principal } from "../auth/principal";
import {
  type TargetUsage,
  assertCanAfford,
  billTranslation,
  countCharacters,
  creditsFor,
} from "../billing/bill-translation";
import { type DomainContext } from "../context";
import { localizationApplies } from "./localization-applies";
import { minQualityWarning } from "./min-quality";
import { qualityReasons, qualityScore } from "./quality-score";
import { resolveTranslationResources } from "./resolve-resources";
import { batchEffects } from "./resource-effects";
import { segmentWithMemory } from "./segment-with-memory";
import { defaultSourceLangFor } from "./default-source-lang";
import { translationFor } from "./org-engines";
import { type TranslationServices, resolveRoute, translateSegments } from "./translate-segments";
import { assertTextWithinPlan, withDefaultedSource } from "./translate-text";

/**
 * POST /v1/translate/batch: every string into every target language. All targets are checked
 * (pairs, the estimate against the balance) before any work, and billed together after, so
 * either everything is translated and billed or nothing is.
 */
export async function translateBatch(
  ctx: DomainContext,
  shared: TranslationServices,
  options: { principal: Principal; requestId: string; request: BatchRequest; formality?: Formality },
): Promise<BatchResult> {
  const { principal } = options;
  const services = await translationFor(shared, principal.org);
  const request = await resolveSourceLanguage(options.request, {
    texts: Object.values(options.request.strings),
    targets: options.request.target_langs,
    engineCount: services.router.engines.length,
    defaultSourceLang: defaultSourceLangFor(services, principal.org),
  });
  const entries = Object.entries(request.strings);
  let inputChars = 0;
  for (const [key, text] of entries) {
    const n = countCharacters(text);
    assertTextWithinPlan(principal, n, `strings.${key}`);
    inputChars += n;
  }
  const resources = await resolveTranslationResources(ctx, {
    orgId: principal.org.id,
    sourceLang: request.source_lang,
    targetLangs: request.target_langs,
    refs: { ...request, formality: options.formality },
    localization: localizationApplies({
      flag: request.localization_terms,
      sourceLang: request.source_lang,
      texts: entries.map(([, text]) => text),
    }),
  });
  const routes = request.target_langs.map((target) => ({
    target,
    route: resolveRoute(services, request.source_lang, target, request.model_tier),
  }));
  const estimate = request.target_langs.reduce((sum, t) => sum + creditsFor(inputChars, t), 0);
  await assertCanAfford(ctx, principal, estimate, options.requestId);

  // Every sentence of every string goes to the engine in one request per target language.
  const segmented = entries.map(([, text]) => segmentWithMemory(text, request.source_lang, resources.memoryIndex));
  const allSegments = segmented.flatMap((s) => s.segments);
  const perTarget = await Promise.all(
    routes.map(async ({ target, route }) => {
      const translated = await translateSegments(services, {
        route,
        segments: allSegments,
        tier: request.model_tier,
        resources: resources.forTarget(target),
      });
      const { texts } = translated;
      let offset = 0;
      const out: Record<string, string> = {};
      let characters = 0;
      segmented.forEach((s, i) => {
        const text = s.join(texts.slice(offset, offset + s.segments.length));
        offset += s.segments.length;
        const key = entries[i]?.[0] ?? "";
        out[key] = text;
        characters += countCharacters(text);
      });
      return { target, out, characters, translated };
    }),
  );

  const usage: TargetUsage[] = perTarget.map((t) => ({
    targetLang: t.target,
    characters: t.characters,
    credits: creditsFor(t.characters, t.target),
  }));
  const total = await billTranslation(ctx, {
    org: principal.org,
    apiKeyId: principal.keyId,
    requestId: options.requestId,
    kind: "batch",
    sourceLang: request.source_lang,
    usage,
  });
  // min_quality: each key in each target is checked on its own segments' signals.
  const lowQuality =
    request.min_quality === undefined
      ? []
      : perTarget.flatMap(({ target, translated }) => {
          let offset = 0;
          return segmented.flatMap((s, i) => {
            const signals = translated.signals.slice(offset, offset + s.segments.length);
            offset += s.segments.length;
            const warning = minQualityWarning(
              `'${entries[i]?.[0] ?? ""}' (${target})`,
              qualityScore(signals),
              request.min_quality,
              qualityReasons(signals),
            );
            return warning ? [warning] : [];
          });
        });
  const effects = withDefaultedSource(
    batchEffects(
      resources,
      perTarget,
      segmented.map((s, i) => ({ key: entries[i]?.[0] ?? "", segments: s.segments.length })),
    ),
    request,
  );
  return {
    translations: Object.fromEntries(perTarget.map((t) => [t.target, t.out])),
    total_credits_used: total,
    total_characters: usage.reduce((s, u) => s + u.characters, 0),
    ...(lowQuality.length > 0 ? { ...effects, warnings: [...(effects.warnings ?? []), ...lowQuality] } : effects),
  };
}
