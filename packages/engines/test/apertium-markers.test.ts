import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type ApertiumEngine,
  EngineRouter,
  type LanguagePair,
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

async function translateAll(pair: LanguagePair, segments: readonly string[]) {
  const results = await engine.translate({ pair, segments });
  const leaks = results.flatMap((r, i) => (MARK.test(r.text) ? [`${segments[i]} → ${r.text}`] : []));
  const empty = results.flatMap((r, i) => (r.text.trim() === "" ? [segments[i]] : []));
  return { results, leaks, empty };
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
      const out = await translateAll(pair, sentences);
      segments += sentences.length;
      unknown += out.results.reduce((n, r) => n + (r.unknownWords ?? 0), 0);
      leaks.push(...out.leaks.map((l) => `${pairKey(pair)}: ${l}`));
      empty.push(...out.empty.map((e) => `${pairKey(pair)}: ${e}`));
    }
    console.log(`${engine.pairs().length} pairs, ${segments} sentences, ${unknown} unknown words marked and removed`);
    expect(leaks).toEqual([]);
    expect(empty).toEqual([]);
    expect(segments).toBeGreaterThan(3000);
    expect(unknown).toBeGreaterThan(0);
  }, 600_000);

  it("carries no mark through a pivot", async () => {
    const router = new EngineRouter([engine]);
    const leaks: string[] = [];
    let routes = 0;
    for (const source of [...new Set(engine.pairs().map((p) => p.source))]) {
      // One pivoted target per source language, when it has one.
      const target = router.targetsOf(source).find((t) => router.route(source, t)?.pivot);
      const route = target ? router.route(source, target) : null;
      if (!route || !target) continue;
      routes++;
      let texts = (corpus[source] ?? []).slice(0, 10);
      for (const leg of route.legs)
        texts = (await leg.engine.translate({ pair: leg.pair, segments: texts })).map((r) => r.text);
      leaks.push(...texts.filter((t) => MARK.test(t) || t.trim() === "").map((t) => `${source}-${target}: ${t}`));
    }
    expect(routes).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
  }, 600_000);
});
