import { type BatchRequest, type BatchResult } from "@tolk/contract";

import { resolveSourceLanguage } from "../analysis/resolve-source-language";
import { type Principal } from "../auth/principal";
import { type TargetUsage, assertCanAfford, billTranslation, countCharacters, creditsFor } from "../billing/bill-translation";
import { type DomainContext } from "../context";
import { assertNoResourceRefs } from "./resource-refs";
import { segmentText } from "./segment-text";
import { type TranslationServices, resolveRoute, translateSegments } from "./translate-segments";
import { assertTextWithinPlan } from "./translate-text";

/**
 * POST /v1/translate/batch: every string into every target language. All targets are checked
 * (pairs, the estimate against the balance) before any work, and billed together after, so
 * either everything is translated and billed or nothing is.
 */
export async function translateBatch(
  ctx: DomainContext,
  services: TranslationServices,
  options: { principal: Principal; requestId: string; request: BatchRequest },
): Promise<BatchResult> {
  const { principal } = options;
  const request = resolveSourceLanguage(options.request, {
    texts: Object.values(options.request.strings),
    targets: options.request.target_langs,
    engineCount: services.router.engines.length,
  });
  const entries = Object.entries(request.strings);
  let inputChars = 0;
  for (const [key, text] of entries) {
    const n = countCharacters(text);
    assertTextWithinPlan(principal, n, `strings.${key}`);
    inputChars += n;
  }
  await assertNoResourceRefs(request);
  const routes = request.target_langs.map((target) => ({ target, route: resolveRoute(services, request.source_lang, target, request.model_tier) }));
  const estimate = request.target_langs.reduce((sum, t) => sum + creditsFor(inputChars, t), 0);
  await assertCanAfford(ctx, principal, estimate);

  // Every sentence of every string goes to the engine in one request per target language.
  const segmented = entries.map(([, text]) => segmentText(text, request.source_lang));
  const allSegments = segmented.flatMap((s) => s.segments);
  const perTarget = await Promise.all(
    routes.map(async ({ target, route }) => {
      const { texts } = await translateSegments(services, {
        route,
        segments: allSegments,
        tier: request.model_tier,
      });
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
      return { target, out, characters };
    }),
  );

  const usage: TargetUsage[] = perTarget.map((t) => ({
    targetLang: t.target,
    characters: t.characters,
    credits: creditsFor(t.characters, t.target),
  }));
  const total = await billTranslation(ctx, {
    org: principal.org,
    requestId: options.requestId,
    kind: "batch",
    sourceLang: request.source_lang,
    usage,
  });
  return {
    translations: Object.fromEntries(perTarget.map((t) => [t.target, t.out])),
    total_credits_used: total,
    total_characters: usage.reduce((s, u) => s + u.characters, 0),
  };
}
