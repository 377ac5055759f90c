import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type ApertiumEngine,
  EngineRouter,
  type LanguagePair,
  type SegmentResult,
  createApertiumEngine,
  WAIT_UNTIL_LOADED_MS,
  pairKey,
} from "../src";

// No engine debris: Apertium marks words it does not know (`*` unknown to the analyser, `@` not
// in the bilingual dictionary, `#` not generated). Over every installed pair and through pivots,
// on real sentences in each source language (test/fixtures/marker-corpus.json, built from the
// machine's gettext catalogs by scripts/build-marker-corpus.ts), no mark reaches the output,
// every sentence has a translation, and unknown words are counted.
const corpus = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "fixtures/marker-corpus.json"), "utf8"),
) as Record<string, string[]>;
const MARK = /[*#@]/;

let engine: ApertiumEngine;
beforeAll(async () => {
  // No 503 for a pair still loading: this test is about what comes out, on a busy machine too.
  engine = await createApertiumEngine({ poolSize: 1, maxPipelines: 4, startWaitMs: WAIT_UNTIL_LOADED_MS });
});
afterAll(() => engine.close());

/**
 * Each pair's translation of its source language's corpus, made once: a pivot's first leg is one
 * of the pairs the first test translates, so the pivot test starts from its output instead of
 * loading that pair's dictionaries again.
 */
const outputs = new Map<string, Promise<SegmentResult[]>>();
function corpusOutput(pair: LanguagePair): Promise<SegmentResult[]> {
  let output = outputs.get(pairKey(pair));
  if (!output) {
    output = engine.translate({ pair, segments: corpus[pair.source] ?? [] });
    outputs.set(pairKey(pair), output);
  }
  return output;
}

describe("Apertium output", () => {
  it("has a corpus for every installed pair's source language", () => {
    const missing = engine.pairs().filter((p) => (corpus[p.source]?.length ?? 0) === 0);
    expect(missing.map(pairKey)).toEqual([]);
  });

  it("carries no mark on any installed pair, and counts the unknown words", async () => {
    let segments = 0;
    let unknown = 0;
    const leaks: string[] = [];
    const empty: string[] = [];
    for (const pair of engine.pairs()) {
      const sentences = corpus[pair.source] ?? [];
      const results = await corpusOutput(pair);
      segments += sentences.length;
      unknown += results.reduce((n, r) => n + (r.unknownWords ?? 0), 0);
      results.forEach((r, i) => {
        if (MARK.test(r.text)) leaks.push(`${pairKey(pair)}: ${sentences[i]} → ${r.text}`);
        if (r.text.trim() === "") empty.push(`${pairKey(pair)}: ${sentences[i]}`);
      });
    }
    console.log(`${engine.pairs().length} pairs, ${segments} sentences, ${unknown} unknown words marked and removed`);
    expect(leaks).toEqual([]);
    expect(empty).toEqual([]);
    expect(segments).toBeGreaterThan(3000);
    expect(unknown).toBeGreaterThan(0);
  }, 600_000);

  it("carries no mark through a pivot", async () => {
    const router = new EngineRouter([engine]);
    // One pivoted target per source language, when it has one; ordered by their later legs, so
    // that consecutive routes share a loaded pipeline (the budget stops the least recently used).
    const routes = [...new Set(engine.pairs().map((p) => p.source))]
      .flatMap((source) => {
        const target = router.targetsOf(source).find((t) => router.route(source, t)?.pivot);
        const route = target ? router.route(source, target) : null;
        return route && target ? [{ source, target, legs: route.legs }] : [];
      })
      .sort((a, b) => legsKey(a.legs.slice(1)).localeCompare(legsKey(b.legs.slice(1))));
    const leaks: string[] = [];
    for (const { source, target, legs } of routes) {
      const [first, ...rest] = legs;
      if (!first) continue;
      // The first leg's output for the first 10 sentences is what the first test made.
      let texts = (await corpusOutput(first.pair)).slice(0, 10).map((r) => r.text);
      for (const leg of rest)
        texts = (await leg.engine.translate({ pair: leg.pair, segments: texts })).map((r) => r.text);
      leaks.push(...texts.filter((t) => MARK.test(t) || t.trim() === "").map((t) => `${source}-${target}: ${t}`));
    }
    expect(routes.length).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
  }, 600_000);
});

const legsKey = (legs: readonly { pair: LanguagePair }[]) => legs.map((l) => pairKey(l.pair)).join(" ");
