import { type Engine, type LanguagePair, type ModelTier, pairKey } from "./engine";

/** One engine call of a route. */
export interface RouteLeg {
  engine: Engine;
  pair: LanguagePair;
}

/** How a pair is served: one leg directly, or two through a pivot language. */
export interface Route {
  legs: RouteLeg[];
  pivot: string | null;
}

// Which engine serves a pair when several can. Without a tier the cheapest engine that can
// serve the pair wins (rule-based Apertium is local and free); the tiers of the analysis step
// move nuanced text to the LLM when one is configured.
const TIER_PREFERENCE: Record<ModelTier | "default", readonly string[]> = {
  default: ["apertium", "libretranslate", "deepl", "llm"],
  mini: ["apertium", "libretranslate", "deepl", "llm"],
  standard: ["deepl", "libretranslate", "llm", "apertium"],
  premium: ["llm", "deepl", "libretranslate", "apertium"],
};

/**
 * One rule of `TOLK_ENGINE_ROUTES`: pairs matching `source`-`target` (`*` matches any language)
 * go to `engine` when it serves them, before the default preference.
 */
export interface EngineRouteRule {
  source: string;
  target: string;
  engine: string;
}

/**
 * Parses `en-de=llm,*-es=apertium,*=libretranslate` (`*` alone is `*-*`); null when malformed.
 * Rules are tried in the order written, the first that matches and whose engine serves the pair
 * wins.
 */
export function parseEngineRoutes(value: string): EngineRouteRule[] | null {
  const rules: EngineRouteRule[] = [];
  for (const item of value
    .split(",")
    .map((i) => i.trim())
    .filter(Boolean)) {
    const match = /^(?:(\*|[a-z]{2,3})-(\*|[a-z]{2,3})|(\*))=([a-z][a-z0-9_-]*)$/.exec(item.toLowerCase());
    if (!match?.[4]) return null;
    rules.push({ source: match[1] ?? "*", target: match[2] ?? "*", engine: match[4] });
  }
  return rules;
}

// Pivot languages tried first: the hubs of Apertium's pair graph.
const PIVOT_PREFERENCE = ["en", "es", "ca", "fr", "pt"];

/** Routes pairs to the configured engines, pivoting through one language where needed. */
export class EngineRouter {
  private readonly direct = new Map<string, Engine[]>();
  private readonly targetsBySource = new Map<string, Set<string>>();

  constructor(
    readonly engines: readonly Engine[],
    /** Operator rules (TOLK_ENGINE_ROUTES) that override the default engine preference. */
    private readonly rules: readonly EngineRouteRule[] = [],
  ) {
    for (const engine of engines) {
      for (const pair of engine.pairs()) {
        const list = this.direct.get(pairKey(pair)) ?? [];
        list.push(engine);
        this.direct.set(pairKey(pair), list);
        const targets = this.targetsBySource.get(pair.source) ?? new Set<string>();
        targets.add(pair.target);
        this.targetsBySource.set(pair.source, targets);
      }
    }
  }

  private pick(source: string, target: string, tier?: ModelTier): Engine | null {
    const candidates = this.direct.get(`${source}-${target}`);
    if (!candidates || candidates.length === 0) return null;
    for (const rule of this.rules) {
      if ((rule.source !== "*" && rule.source !== source) || (rule.target !== "*" && rule.target !== target)) continue;
      const chosen = candidates.find((e) => e.name === rule.engine);
      if (chosen) return chosen;
    }
    const order = TIER_PREFERENCE[tier ?? "default"];
    const rank = (e: Engine) => {
      const i = order.indexOf(e.name);
      return i < 0 ? order.length : i;
    };
    return [...candidates].sort((a, b) => rank(a) - rank(b))[0] ?? null;
  }

  /** The route for a pair, or null when no engine can serve it, even through a pivot. */
  route(source: string, target: string, tier?: ModelTier): Route | null {
    const engine = this.pick(source, target, tier);
    if (engine) return { legs: [{ engine, pair: { source, target } }], pivot: null };
    for (const pivot of this.pivotsFor(source, target)) {
      const first = this.pick(source, pivot, tier);
      const second = this.pick(pivot, target, tier);
      if (first && second) {
        return {
          legs: [
            { engine: first, pair: { source, target: pivot } },
            { engine: second, pair: { source: pivot, target } },
          ],
          pivot,
        };
      }
    }
    return null;
  }

  private pivotsFor(source: string, target: string): string[] {
    const reachable = [...(this.targetsBySource.get(source) ?? [])].filter((m) => m !== target && this.targetsBySource.get(m)?.has(target));
    return reachable.sort((a, b) => {
      const ia = PIVOT_PREFERENCE.indexOf(a);
      const ib = PIVOT_PREFERENCE.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
    });
  }

  /** Every target a source can be translated into, directly or through one pivot. */
  targetsOf(source: string): string[] {
    const out = new Set<string>();
    for (const mid of this.targetsBySource.get(source) ?? []) {
      out.add(mid);
      for (const t of this.targetsBySource.get(mid) ?? []) if (t !== source) out.add(t);
    }
    return [...out].sort();
  }

  /**
   * How a pair is served, for GET /v1/languages: the engine ("apertium", or "llm+apertium"
   * through a pivot whose legs differ), the pivot, and the script of the output when the engine
   * writes one that is not the language's usual one.
   */
  describe(source: string, target: string): { engine: string; pivot: string | null; script: string | null } | null {
    const route = this.route(source, target);
    if (!route) return null;
    const names = [...new Set(route.legs.map((l) => l.engine.name))];
    const last = route.legs.at(-1);
    const script = last?.engine.outputScript?.(last.pair) ?? null;
    return { engine: names.join("+"), pivot: route.pivot, script };
  }

  /** Every servable pair as "src-tgt", for error messages. */
  availablePairs(): string[] {
    const pairs: string[] = [];
    for (const source of [...this.targetsBySource.keys()].sort()) {
      for (const target of this.targetsOf(source)) pairs.push(`${source}-${target}`);
    }
    return pairs;
  }
}
