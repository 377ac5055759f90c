import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it } from "vitest";

import { createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "../src";
import { taggerWarmup, taggerWarmupPackages } from "../src/apertium/tagger-warmup";
import { checkDeterminism } from "../scripts/determinism";

// `pnpm --filter @tolk/engines determinism` on fewer sentences: with the tagger warm-up, a
// sentence's translation does not depend on what the pipeline translated before it, nor on
// which pipeline of the pool took it.
const CORPUS = resolve(import.meta.dirname, "..", "..", "..", "e2e", "bench", "corpus", "en.txt");
const sentences = readFileSync(CORPUS, "utf8").split("\n").filter(Boolean).slice(0, 600);

describe("the tagger warm-up", () => {
  it("is data stamped with the package versions it was made from, and readable text", () => {
    expect(taggerWarmupPackages()).toHaveProperty("apertium");
    expect(taggerWarmupPackages()).toHaveProperty("apertium-eng-spa");
    expect(taggerWarmup("eng-spa").length).toBeGreaterThan(3);
    expect(taggerWarmup("no-such-mode")).toEqual(["."]);
    for (const mode of ["eng-spa", "cat-spa", "spa-cat", "por-cat"]) {
      for (const sentence of taggerWarmup(mode)) expect(sentence, mode).not.toContain("\uFFFD");
    }
  });

  it("makes en→es translations independent of order and pipeline (pool of two)", { timeout: 300_000 }, async () => {
    const engine = await createApertiumEngine({ poolSize: 2, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      const report = await checkDeterminism(engine, { source: "en", target: "es" }, sentences);
      expect(report).toEqual({ sentences: sentences.length, differ: { again: 0, reversed: 0, grouped: 0 } });
    } finally {
      await engine.close();
    }
  });
});
