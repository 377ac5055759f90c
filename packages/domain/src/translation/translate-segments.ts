import { type EngineRouter, type ModelTier, type Route, type SegmentResult, EngineError, countWords, pairKey } from "@tolk/engines";

import { engineUnavailable, unsupportedLanguagePair } from "../errors";
import { containsOnlyPlaceholders, protectPlaceholders, restorePlaceholders } from "./placeholders";
import { type SegmentQualitySignals } from "./quality-score";
import { type SegmentCache } from "./segment-cache";

/** What translation use cases need besides the database: the engines and their result cache. */
export interface TranslationServices {
  router: EngineRouter;
  cache: SegmentCache;
}

export interface TranslatedSegments {
  texts: string[];
  signals: SegmentQualitySignals[];
  pivot: string | null;
}

/** The route of a pair; 400 unsupported_language_pair when no engine can serve it. */
export function resolveRoute(services: TranslationServices, source: string, target: string, tier?: ModelTier): Route {
  const route = services.router.route(source, target, tier);
  if (!route) throw unsupportedLanguagePair(source, target, services.router.availablePairs());
  return route;
}

/**
 * Sentences through the pipeline: protect placeholders → engine (each leg of the route, through
 * the cache, all segments of the call in one engine request) → restore placeholders. Returns one
 * text and one set of quality signals per input segment.
 */
export async function translateSegments(
  services: TranslationServices,
  options: { route: Route; segments: readonly string[]; tier?: ModelTier },
): Promise<TranslatedSegments> {
  const { route } = options;
  const protectedSegments = options.segments.map(protectPlaceholders);
  // Segments that are only placeholders ("{name}", "<br/>") have nothing to translate.
  const toEngine = options.segments.map((s) => !containsOnlyPlaceholders(s));
  let current = protectedSegments.map((p) => p.text);
  const unknown: (number | null)[] = options.segments.map(() => 0);
  const engines: string[] = options.segments.map(() => "none");

  for (const leg of route.legs) {
    const indexes = current.flatMap((_, i) => (toEngine[i] ? [i] : []));
    if (indexes.length === 0) break;
    const pair = pairKey(leg.pair);
    let results: SegmentResult[];
    try {
      results = await services.cache.getOrTranslate(
        indexes.map((i) => ({ engine: leg.engine.name, pair, segment: current[i] ?? "" })),
        (missing) => leg.engine.translate({ pair: leg.pair, segments: missing.map((m) => m.segment), tier: options.tier }),
      );
    } catch (err) {
      if (err instanceof EngineError) throw engineUnavailable(err.message);
      throw err;
    }
    const next = [...current];
    indexes.forEach((segmentIndex, k) => {
      const result = results[k];
      if (!result) return;
      next[segmentIndex] = result.text;
      const before = unknown[segmentIndex] ?? 0;
      unknown[segmentIndex] = before === null || result.unknownWords === null ? null : before + result.unknownWords;
      engines[segmentIndex] = leg.engine.name;
    });
    current = next;
  }

  const texts: string[] = [];
  const signals: SegmentQualitySignals[] = [];
  protectedSegments.forEach((p, i) => {
    const restored = restorePlaceholders(current[i] ?? "", p.tokens);
    texts.push(tidySpaces(options.segments[i] ?? "", restored.text));
    signals.push({
      words: countWords(options.segments[i] ?? ""),
      unknownWords: toEngine[i] ? (unknown[i] ?? null) : 0,
      pivoted: route.pivot !== null && Boolean(toEngine[i]),
      repairedPlaceholders: restored.repaired,
      engine: engines[i] ?? "none",
    });
  });
  return { texts, signals, pivot: route.pivot };
}

/**
 * Rule-based engines leave a double space where they drop a word ("you have" → " tienes");
 * runs of spaces the source sentence did not have are collapsed.
 */
function tidySpaces(source: string, translation: string): string {
  return source.includes("  ") ? translation : translation.replace(/ {2,}/g, " ");
}
