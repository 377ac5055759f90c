import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApertiumEngine, type LanguagePair, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "../src";

// The cap on pipelines across pairs, on the real Apertium: three pairs share two pipelines.
const pairs: LanguagePair[] = [
  { source: "en", target: "es" },
  { source: "en", target: "ca" },
  { source: "es", target: "pt" },
];
const sentences: Record<string, string[]> = {
  "en-es": Array.from({ length: 20 }, (_, i) => `The house number ${i} is big.`),
  "en-ca": Array.from({ length: 20 }, (_, i) => `The cat number ${i} is black.`),
  "es-pt": Array.from({ length: 20 }, (_, i) => `La casa número ${i} es grande.`),
};

let capped: ApertiumEngine;
let reference: ApertiumEngine;
const alive = () => pairs.reduce((n, p) => n + capped.pipelinePids(p).length, 0);

beforeAll(async () => {
  capped = await createApertiumEngine({ poolSize: 2, maxPipelines: 2, startWaitMs: WAIT_UNTIL_LOADED_MS });
  reference = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
});
afterAll(async () => {
  await capped.close();
  await reference.close();
});

const key = (p: LanguagePair) => `${p.source}-${p.target}`;

describe("the pipeline budget", () => {
  it("serves pairs one after another by stopping another pair's idle pipeline", async () => {
    for (const pair of pairs) {
      const segments = sentences[key(pair)] ?? [];
      const [ours, theirs] = await Promise.all([
        capped.translate({ pair, segments }),
        reference.translate({ pair, segments }),
      ]);
      expect(ours.map((r) => r.text)).toEqual(theirs.map((r) => r.text));
      expect(alive()).toBeLessThanOrEqual(2);
    }
    expect(capped.stats().retired).toBeGreaterThan(0);
  });

  it("serves three pairs at once with never more than two pipelines alive", async () => {
    let most = 0;
    const probe = setInterval(() => (most = Math.max(most, alive())), 2);
    try {
      const results = await Promise.all(
        pairs.flatMap((pair) => (sentences[key(pair)] ?? []).map((s) => capped.translate({ pair, segments: [s] }))),
      );
      expect(results.every((r) => r[0] && r[0].text.length > 0 && !/[*#@]/.test(r[0].text))).toBe(true);
    } finally {
      clearInterval(probe);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it("stops the idle pipeline of the pair used least recently, not the first one started", async () => {
    const lru = await createApertiumEngine({ poolSize: 1, maxPipelines: 2, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      const [enEs, enCa, esPt] = pairs as [LanguagePair, LanguagePair, LanguagePair];
      const use = (pair: LanguagePair) => lru.translate({ pair, segments: (sentences[key(pair)] ?? []).slice(0, 2) });
      await use(enEs);
      await use(enCa);
      await use(enEs);
      const busy = lru.pipelinePids(enEs);
      await use(esPt);
      expect(busy).toHaveLength(1);
      expect(lru.pipelinePids(enEs)).toEqual(busy);
      expect(lru.pipelinePids(enCa)).toEqual([]);
      expect(lru.pipelinePids(esPt)).toHaveLength(1);
    } finally {
      await lru.close();
    }
  });
});
