import { type Engine, type LanguagePair, type ModelTier, pairKey } from "./engine";

/** One engine call of a route. */
export interface RouteLeg {
  engine: Engine;
  pair: LanguagePair;
}

/** How a pair is served: one leg directly, or two or three through pivot languages. */
export interface Route {
  legs: RouteLeg[];
  /** The first intermediate language, null for a direct route. */
  pivot: string | null;
  /** Every intermediate language in order (at most MAX_PIVOTS). */
  pivots: string[];
}

/**
 * At most two intermediate languages: each hop compounds the errors of the one before (the
 * quality estimate drops per hop, docs/translation.md has the measured cost), and two are enough
 * to join the language groups of Apertium's pair graph through its hubs.
 */
export const MAX_PIVOTS = 2;

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

function byPreference(languages: string[]): string[] {
  const rank = (l: string) => {
    const i = PIVOT_PREFERENCE.indexOf(l);
    return i < 0 ? PIVOT_PREFERENCE.length : i;
  };
  return languages.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Routes pairs to the configured engines, pivoting through up to two languages where needed. */
export class EngineRouter {
  private readonly direct = new Map<string, Engine[]>();
  private readonly targetsBySource = new Map<string, Set<string>>();
  private readonly paths = new Map<string, string[] | null>();
  /** Every language some engine translates into. */
  private readonly targets = new Set<string>();

  constructor(
    readonly engines: readonly Engine[],
    /** Operator rules (TOLK_ENGINE_ROUTES) that override the default engine preference. */
    readonly rules: readonly EngineRouteRule[] = [],
  ) {
    for (const engine of engines) {
      for (const pair of engine.pairs()) {
        const list = this.direct.get(pairKey(pair)) ?? [];
        list.push(engine);
        this.direct.set(pairKey(pair), list);
        const targets = this.targetsBySource.get(pair.source) ?? new Set<string>();
        targets.add(pair.target);
        this.targetsBySource.set(pair.source, targets);
        this.targets.add(pair.target);
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

  /** The route for a pair, or null when no engine can serve it, even through pivots. */
  route(source: string, target: string, tier?: ModelTier): Route | null {
    const path = this.path(source, target);
    if (!path) return null;
    const legs: RouteLeg[] = [];
    for (let i = 1; i < path.length; i++) {
      const pair = { source: path[i - 1] ?? "", target: path[i] ?? "" };
      const engine = this.pick(pair.source, pair.target, tier);
      if (!engine) return null;
      legs.push({ engine, pair });
    }
    const pivots = path.slice(1, -1);
    return { legs, pivot: pivots[0] ?? null, pivots };
  }

  /**
   * The languages a pair goes through, source and target included: the fewest hops, and among
   * routes of as many hops the one through the preferred hubs (every leg of a route is a direct
   * pair of some engine, so the path decides the route whatever the tier).
   */
  private path(source: string, target: string): string[] | null {
    const key = `${source}-${target}`;
    const known = this.paths.get(key);
    if (known !== undefined) return known;
    let found: string[] | null = null;
    if (source !== target) {
      let frontier: string[][] = [[source]];
      for (let hops = 0; hops <= MAX_PIVOTS && !found; hops++) {
        const next: string[][] = [];
        for (const path of frontier) {
          const last = path.at(-1) ?? "";
          const onward = this.targetsBySource.get(last);
          if (onward?.has(target)) {
            found = [...path, target];
            break;
          }
          for (const mid of byPreference([...(onward ?? [])]))
            if (!path.includes(mid) && mid !== target) next.push([...path, mid]);
        }
        frontier = next;
      }
    }
    this.paths.set(key, found);
    return found;
  }

  /** Every target a source can be translated into, directly or through up to two pivots. */
  targetsOf(source: string): string[] {
    return [...this.targets].filter((target) => this.path(source, target) !== null).sort();
  }

  /**
   * How a pair is served, for GET /v1/languages: the engine ("apertium", or "llm+apertium"
   * through a pivot whose legs differ), the pivot, and the script of the output when the engine
   * writes one that is not the language's usual one.
   */
  describe(
    source: string,
    target: string,
  ): { engine: string; pivot: string | null; pivots: string[]; script: string | null } | null {
    const route = this.route(source, target);
    if (!route) return null;
    const names = [...new Set(route.legs.map((l) => l.engine.name))];
    const last = route.legs.at(-1);
    const script = last?.engine.outputScript?.(last.pair) ?? null;
    return { engine: names.join("+"), pivot: route.pivot, pivots: route.pivots, script };
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
