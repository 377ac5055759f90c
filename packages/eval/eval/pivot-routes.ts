/**
 * `pnpm eval`: what pivoting buys and what it costs, with Apertium alone.
 *
 * 1. Reach: of the source × target combinations the language lists imply (every language some
 *    installed pair translates from, times every language some pair translates into), the share
 *    EngineRouter serves directly, through one pivot and through two.
 * 2. Cost per hop: English messages of the machine's gettext catalogs in the test split (text
 *    domains whose SHA-256 starts c–f), translated into their language directly and through one
 *    and two intermediate languages (every route of the installed pairs, hubs first, at most
 *    ROUTES_PER_HOPS per length), corpus chrF against the catalogs' human translations. The cost
 *    of a hop is the mean drop from k to k+1 hops over the targets that have both.
 *
 *   pnpm --filter @tolk/eval exec tsx eval/pivot-routes.ts
 */
import { createHash } from "node:crypto";

import { type Engine, EngineRouter, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "@tolk/engines";

import { catalogsFor } from "../scripts/gettext-catalogs";
import { corpusChrf } from "./chrf";

const PER_TARGET = Number(process.env.EVAL_PIVOT_SIZE ?? 150);
const ROUTES_PER_HOPS = 3;
const HUBS = ["en", "es", "ca", "fr", "pt"];

const unmnemonic = (s: string) => s.replace(/[_&](?=\p{L})/gu, "");
const hash = (s: string) => createHash("sha256").update(s).digest("hex");

/** English → `lang` messages of the test split: translated, 3 to 200 characters, one per source. */
function testMessages(lang: string): { source: string; reference: string }[] {
  const out = new Map<string, string>();
  for (const catalog of catalogsFor(lang, "test")) {
    for (const message of catalog.messages) {
      const source = unmnemonic(message.source);
      const reference = unmnemonic(message.target);
      if (reference === source || source.length < 3 || source.length > 200 || !/\p{L}{2}/u.test(source)) continue;
      out.set(source, reference);
    }
  }
  return [...out]
    .sort((a, b) => hash(a[0]).localeCompare(hash(b[0])))
    .slice(0, PER_TARGET)
    .map(([source, reference]) => ({ source, reference }));
}

/** Paths from `source` to `target` with exactly `pivots` intermediate languages, hubs first. */
function pathsWith(
  pairs: Set<string>,
  languages: string[],
  source: string,
  target: string,
  pivots: number,
): string[][] {
  const ranked = [...languages].sort(
    (a, b) =>
      (HUBS.includes(a) ? HUBS.indexOf(a) : 99) - (HUBS.includes(b) ? HUBS.indexOf(b) : 99) || a.localeCompare(b),
  );
  const found: string[][] = [];
  const walk = (path: string[]) => {
    if (found.length >= ROUTES_PER_HOPS) return;
    const last = path.at(-1) ?? "";
    if (path.length === pivots + 1) {
      if (pairs.has(`${last}-${target}`)) found.push([...path, target]);
      return;
    }
    for (const mid of ranked)
      if (!path.includes(mid) && mid !== target && pairs.has(`${last}-${mid}`)) walk([...path, mid]);
  };
  walk([source]);
  return found;
}

async function translateAlong(engine: Engine, path: string[], segments: string[]): Promise<string[]> {
  let current = segments;
  for (let i = 1; i < path.length; i++) {
    const pair = { source: path[i - 1] ?? "", target: path[i] ?? "" };
    current = (await engine.translate({ pair, segments: current })).map((r) => r.text.replace(/[*#@]/gu, ""));
  }
  return current;
}

const engine = await createApertiumEngine({ startWaitMs: WAIT_UNTIL_LOADED_MS });
try {
  const router = new EngineRouter([engine]);
  const pairs = new Set(engine.pairs().map((p) => `${p.source}-${p.target}`));
  const sources = [...new Set(engine.pairs().map((p) => p.source))].sort();
  const targets = [...new Set(engine.pairs().map((p) => p.target))].sort();
  const byHops = [0, 0, 0];
  let combinations = 0;
  for (const s of sources) {
    for (const t of targets) {
      if (s === t) continue;
      combinations += 1;
      const route = router.route(s, t);
      if (route) byHops[route.pivots.length] = (byHops[route.pivots.length] ?? 0) + 1;
    }
  }
  const pct = (n: number) => `${((n / combinations) * 100).toFixed(1)}%`;
  const reached = byHops.reduce((a, b) => a + b, 0);
  console.log(
    `\nPivot routes with Apertium alone (${sources.length} sources × ${targets.length} targets, ${combinations} combinations)`,
  );
  console.log(
    `  reachable ${pct(reached)} (${reached}): direct ${pct(byHops[0] ?? 0)}, one pivot ${pct(byHops[1] ?? 0)}, two pivots ${pct(byHops[2] ?? 0)}`,
  );
  // The ceiling: what any number of pivots would reach, i.e. what the installed pairs connect at all.
  let connected = 0;
  for (const s of sources) {
    const seen = new Set([s]);
    const queue = [s];
    for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
      for (const t of targets) {
        if (!seen.has(t) && pairs.has(`${from}-${t}`)) {
          seen.add(t);
          queue.push(t);
        }
      }
    }
    connected += targets.filter((t) => t !== s && seen.has(t)).length;
  }
  console.log(
    `  reachable through any number of pivots: ${pct(connected)} (the rest is in language groups no installed pair joins)`,
  );

  const languages = [...new Set([...sources, ...targets])];
  const drops: number[][] = [[], []];
  console.log(
    `\nCost of a hop: English → target, corpus chrF against the test split's human translations (≤ ${PER_TARGET} messages per target)`,
  );
  for (const target of targets) {
    if (target === "en") continue;
    const set = testMessages(target);
    if (set.length < 50) continue;
    const segments = set.map((m) => m.source);
    const references = set.map((m) => m.reference);
    const best: (number | null)[] = [];
    const cells: string[] = [];
    for (let pivots = 0; pivots <= 2; pivots++) {
      const scores: string[] = [];
      let top: number | null = null;
      for (const path of pathsWith(pairs, languages, "en", target, pivots)) {
        const score = corpusChrf(await translateAlong(engine, path, segments), references);
        scores.push(`${path.slice(1, -1).join("→") || "direct"} ${score.toFixed(1)}`);
        top = top === null ? score : Math.max(top, score);
      }
      best.push(top);
      cells.push(scores.length ? scores.join(", ") : "none");
    }
    for (let k = 0; k < 2; k++) {
      const [a, b] = [best[k], best[k + 1]];
      if (a !== null && a !== undefined && b !== null && b !== undefined) drops[k]?.push(a - b);
    }
    console.log(`  en→${target} (${set.length}): ${cells.join("  |  ")}`);
  }
  const mean = (xs: number[] = []) => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1) : "n/a");
  console.log(
    `  mean chrF lost by the best route: first pivot ${mean(drops[0])} (over ${drops[0]?.length ?? 0} targets), second pivot ${mean(drops[1])} (over ${drops[1]?.length ?? 0})`,
  );
} finally {
  await engine.close();
}
