import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApertiumEngine, EngineError, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "../src";

// Real Apertium (Debian: apertium, apertium-eng-spa, apertium-eng-cat, apertium-nno-nob).
const EN_ES = { source: "en", target: "es" };
const sentences = readFileSync(path.join(import.meta.dirname, "fixtures/apertium-sentences-en.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "");

describe("Apertium engine (installed modes)", () => {
  let engine: ApertiumEngine;

  beforeAll(async () => {
    engine = await createApertiumEngine({ poolSize: 3, startWaitMs: WAIT_UNTIL_LOADED_MS });
  });

  afterAll(async () => {
    await engine.close();
  });

  it("serves the installed pairs in ISO 639-1 codes", () => {
    const pairs = engine.pairs().map((p) => `${p.source}-${p.target}`);
    expect(pairs).toEqual(expect.arrayContaining(["en-es", "es-en", "en-ca", "es-pt", "fr-es", "nb-nn"]));
    expect(pairs.some((p) => p.includes("_") || p.length !== 5)).toBe(false);
  });

  it("translates segments in order, one result per segment, with word counts", async () => {
    const results = await engine.translate({
      pair: EN_ES,
      segments: ["Hello world.", "The red car is big.", "I have three dogs"],
    });
    expect(results).toEqual([
      { text: "Hola Mundo.", unknownWords: 0, words: 2 },
      { text: "El coche rojo es grande.", unknownWords: 0, words: 5 },
      { text: "Tengo tres perros", unknownWords: 0, words: 4 },
    ]);
  });

  it("keeps the whitespace around segments and answers empty ones without the engine", async () => {
    const results = await engine.translate({ pair: EN_ES, segments: ["  Good morning. ", "", " \t "] });
    expect(results.map((r) => r.text)).toEqual(["  Buenos días. ", "", " \t "]);
  });

  it("never lets unknown-word marks through, and counts unknown words", async () => {
    const [result] = await engine.translate({ pair: EN_ES, segments: ["The zorblax flew over the qwimbly house."] });
    expect(result?.text).toBe("El zorblax voló sobre el qwimbly casa.");
    expect(result?.unknownWords).toBe(2);
    expect(result?.words).toBe(7);
  });

  it("removes generation-error (#) marks", async () => {
    // eng-spa 0.8 cannot generate the noun of "labels" here and marks it #sello.
    const [result] = await engine.translate({
      pair: EN_ES,
      segments: ["--no-security-labels do not restore security labels"],
    });
    expect(result?.text).not.toMatch(/[#*@]/);
    expect(result?.text).toContain("sello");
  });

  it("does not mangle legitimate *, #, @ and ~ in the text", async () => {
    const results = await engine.translate({
      pair: EN_ES,
      segments: [
        "C# is #1.",
        "a*b",
        "Write to x@y.com now.",
        "*Note:* see ~/dir and ~user",
        "-n, --add-location preserve '#: filename:line' lines (default)",
      ],
    });
    const texts = results.map((r) => r.text);
    expect(texts[0]).toBe("C# es #1.");
    expect(texts[1]).toBe("Un*b");
    expect(texts[2]).toBe("Escribe a x@y.com ahora.");
    expect(texts[3]).toMatch(/^\*Nota:\* ve ~\/dir y ~usuario$/i);
    expect(texts[4]).toContain("'#: filename:línea'");
    expect(texts[4]).not.toMatch(/[*@]|#[^:]/);
  });

  it("keeps stream metacharacters and placeholder-like text intact", async () => {
    const [result] = await engine.translate({ pair: EN_ES, segments: ["Open [file] {name} <b> $5 ^ \\ / now."] });
    expect(result?.text).toMatch(/\[.*\] \{.*\} <b> \$5 \^ \\ \/ ahora\.$/);
  });

  it("runs modes with constraint grammar and other stages in null-flush mode", async () => {
    const [nn] = await engine.translate({
      pair: { source: "nb", target: "nn" },
      segments: ["Jeg kommer ikke hjem i dag."],
    });
    expect(nn?.text).toBe("Eg kjem ikkje heim i dag.");
    const [ca] = await engine.translate({ pair: { source: "en", target: "ca" }, segments: ["The house is big."] });
    expect(ca?.text).toBe("La casa és gran.");
  });

  it("refuses a pair that is not installed, as a non-retryable EngineError", async () => {
    const error = await engine
      .translate({ pair: { source: "en", target: "ja" }, segments: ["Hi"] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).retryable).toBe(false);
  });

  it("translates 200 concurrent requests exactly like one sentence at a time, on at most poolSize pipelines", async () => {
    const fresh = await createApertiumEngine({ poolSize: 3, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      const distinct = sentences.slice(0, 200);
      const reference: string[] = [];
      for (const sentence of distinct) {
        const [result] = await fresh.translate({ pair: EN_ES, segments: [sentence] });
        reference.push(result?.text ?? "");
      }
      const before = fresh.stats();
      const results = await Promise.all(distinct.map((s) => fresh.translate({ pair: EN_ES, segments: [s] })));
      expect(results.map((r) => r.length)).toEqual(distinct.map(() => 1));
      expect(results.map((r) => r[0]?.text)).toEqual(reference);
      const after = fresh.stats();
      expect(after.pipelinesStarted).toBeLessThanOrEqual(3);
      expect(after.pipelinesAlive).toBeLessThanOrEqual(3);
      expect(after.processesStarted).toBe(after.pipelinesStarted * 11); // eng-spa has 11 programs
      expect(after.segments - before.segments).toBe(200);
      expect(after.writes - before.writes).toBeLessThanOrEqual(6); // coalesced, not 200 writes
      expect(after.realigned + after.crashes + after.timeouts).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("splits one large request over the pool and keeps every segment in place", async () => {
    const many = Array.from({ length: 1200 }, (_, i) => sentences[i % sentences.length] ?? "");
    const results = await engine.translate({ pair: EN_ES, segments: many });
    const single = new Map<string, string>();
    for (const sentence of sentences.slice(0, 40)) {
      const [r] = await engine.translate({ pair: EN_ES, segments: [sentence] });
      single.set(sentence, r?.text ?? "");
    }
    many.forEach((sentence, i) => {
      const expected = single.get(sentence);
      if (expected !== undefined) expect(results[i]?.text).toBe(expected);
    });
  });

  it("writes a second batch behind the first in one pipeline, every segment still in place", async () => {
    const one = await createApertiumEngine({ poolSize: 1, maxBatchChars: 2_000, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      const many = Array.from({ length: 600 }, (_, i) => sentences[i % sentences.length] ?? "");
      const results = await one.translate({ pair: EN_ES, segments: many });
      const stats = one.stats();
      expect(stats.pipelinesStarted).toBe(1);
      expect(stats.pipelined).toBeGreaterThan(0); // the chain held two batches at once
      const single = new Map<string, string>();
      for (const sentence of sentences.slice(0, 30)) {
        const [r] = await one.translate({ pair: EN_ES, segments: [sentence] });
        single.set(sentence, r?.text ?? "");
      }
      many.forEach((sentence, i) => {
        const expected = single.get(sentence);
        if (expected !== undefined) expect(results[i]?.text).toBe(expected);
      });
    } finally {
      await one.close();
    }
  });

  it("fails an aborted request without touching the others", async () => {
    const controller = new AbortController();
    const big = Array.from({ length: 400 }, (_, i) => sentences[i % sentences.length] ?? "");
    const aborted = engine.translate({ pair: EN_ES, segments: big, signal: controller.signal });
    const other = engine.translate({ pair: EN_ES, segments: ["The garden is green."] });
    controller.abort();
    await expect(aborted).rejects.toThrow(/aborted/);
    expect((await other)[0]?.text).toBe("El jardín es verde.");
  });

  it("translates a sentence the same whatever its pipeline translated before", async () => {
    // "known" brings an ambiguity class eng-spa's tagger lacks; meeting it changes how that
    // process tags unknown words such as "GetOverlappedResult" from then on.
    const probe = ["GetOverlappedResult failed on '%s' [GLE %ld]", "Cannot open /proc/net/unix: %s"];
    const texts = async (before: string[]) => {
      const one = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
      try {
        if (before.length > 0) await one.translate({ pair: EN_ES, segments: before });
        return (await one.translate({ pair: EN_ES, segments: probe })).map((r) => r.text);
      } finally {
        await one.close();
      }
    };
    const alone = await texts([]);
    expect(await texts(["Name or service not known."])).toEqual(alone);
    expect(await texts([...sentences].reverse())).toEqual(alone);
  });

  it("runs every program of a pipeline at a lower priority than the server (niceness 10 by default, or as set)", async () => {
    const own = os.getPriority();
    await engine.translate({ pair: EN_ES, segments: ["The red car is big."] });
    const pids = engine.pipelinePids(EN_ES).flat();
    expect(pids).toHaveLength(engine.pipelinePids(EN_ES).length * 11);
    expect(new Set(pids.map((pid) => os.getPriority(pid)))).toEqual(new Set([Math.min(19, own + 10)]));

    const same = await createApertiumEngine({ poolSize: 1, nice: 0, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      await same.translate({ pair: EN_ES, segments: ["The red car is big."] });
      expect(
        new Set(
          same
            .pipelinePids(EN_ES)
            .flat()
            .map((pid) => os.getPriority(pid)),
        ),
      ).toEqual(new Set([own]));
    } finally {
      await same.close();
    }
  });

  it("is healthy when a probe translation works", async () => {
    const health = await engine.health();
    expect(health.ok).toBe(true);
    expect(health.detail).toMatch(/probe en-es/);
  });
});

describe("Apertium engine without Apertium", () => {
  it("has no pairs and says why when no modes are installed", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "tolk-empty-modes-"));
    try {
      const engine = await createApertiumEngine({ modesDir: dir });
      expect(engine.pairs()).toEqual([]);
      const health = await engine.health();
      expect(health.ok).toBe(false);
      expect(health.detail).toMatch(/no Apertium translation modes/);
      await expect(engine.translate({ pair: EN_ES, segments: ["Hi"] })).rejects.toBeInstanceOf(EngineError);
      await engine.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("has no pairs when the programs are not on PATH", async () => {
    const path0 = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const engine = await createApertiumEngine();
      expect(engine.pairs()).toEqual([]);
      expect(await engine.health()).toEqual({ ok: false, detail: "Apertium is not installed: lt-proc is not on PATH" });
    } finally {
      process.env.PATH = path0;
    }
  });
});
