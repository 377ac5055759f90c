import { usageEvents } from "@tolk/db";
import { type Engine, type LanguagePair, pairKey } from "@tolk/engines";
import { count, desc, gte } from "drizzle-orm";

import { type DomainContext } from "../context";
import { type TranslationServices } from "./translate-segments";

/** `TOLK_APERTIUM_WARM`: every installed pair, none, or the pairs listed ("en-es,es-en"). */
export type WarmSetting = "all" | "none" | readonly LanguagePair[];

/** Parses `all`, `none` or a comma-separated list of `src-tgt` pairs; null when malformed. */
export function parseWarmSetting(value: string): WarmSetting | null {
  const text = value.trim().toLowerCase();
  if (text === "all" || text === "none") return text;
  const pairs: LanguagePair[] = [];
  for (const item of text.split(",")) {
    const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(item.trim());
    if (!match?.[1] || !match[2]) return null;
    pairs.push({ source: match[1], target: match[2] });
  }
  return pairs.length > 0 ? pairs : null;
}

/** How far back usage counts when ordering the warm-up. */
const USAGE_WINDOW_MS = 30 * 86_400_000;

/** Requested pairs of the last 30 days, most translations first. */
export async function mostUsedPairs(ctx: DomainContext): Promise<LanguagePair[]> {
  const since = new Date(ctx.now().getTime() - USAGE_WINDOW_MS);
  const rows = await ctx.db
    .select({ source: usageEvents.sourceLang, target: usageEvents.targetLang, uses: count() })
    .from(usageEvents)
    .where(gte(usageEvents.createdAt, since))
    .groupBy(usageEvents.sourceLang, usageEvents.targetLang)
    .orderBy(desc(count()));
  return rows.map((r) => ({ source: r.source, target: r.target }));
}

interface Warmable extends Engine {
  warm(pairs: readonly LanguagePair[]): Promise<LanguagePair[]>;
}

const canWarm = (engine: Engine): engine is Warmable => typeof (engine as Partial<Warmable>).warm === "function";

/**
 * The engine pairs to load ahead of demand, in order: the legs of the most-used pairs (a pivoted
 * pair warms both of its legs), then, for `all`, every other installed pair.
 */
export function warmOrder(
  services: TranslationServices,
  setting: WarmSetting,
  used: readonly LanguagePair[],
): Map<Engine, LanguagePair[]> {
  const plan = new Map<Engine, LanguagePair[]>();
  if (setting === "none") return plan;
  const seen = new Set<string>();
  const add = (engine: Engine, pair: LanguagePair) => {
    const key = `${engine.name}:${pairKey(pair)}`;
    if (!canWarm(engine) || seen.has(key)) return;
    seen.add(key);
    plan.set(engine, [...(plan.get(engine) ?? []), pair]);
  };
  const wanted = setting === "all" ? used : used.filter((u) => setting.some((p) => pairKey(p) === pairKey(u)));
  const rest = setting === "all" ? services.router.engines.flatMap((e) => e.pairs()) : setting;
  for (const pair of [...wanted, ...rest]) {
    const route = services.router.route(pair.source, pair.target);
    for (const leg of route?.legs ?? []) add(leg.engine, leg.pair);
  }
  return plan;
}

/**
 * Loads engine pipelines in the background at start (most-used pairs first) so that the first
 * request of a pair does not wait for its dictionaries. Never throws; reports what was warmed.
 */
export async function warmEngines(
  ctx: DomainContext,
  services: TranslationServices,
  setting: WarmSetting,
  log: (message: string) => void = () => {},
): Promise<number> {
  if (setting === "none") return 0;
  const used = await mostUsedPairs(ctx).catch(() => []);
  let warmed = 0;
  for (const [engine, pairs] of warmOrder(services, setting, used)) {
    if (!canWarm(engine)) continue;
    const started = performance.now();
    const done = await engine.warm(pairs).catch(() => []);
    warmed += done.length;
    log(
      `${engine.name}: ${done.length} of ${pairs.length} pairs warmed in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return warmed;
}
