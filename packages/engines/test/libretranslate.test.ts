import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { countWords, type Engine, EngineError, type LanguagePair } from "../src/engine";
import { EngineHttpError } from "../src/http";
import { createLibreTranslateEngine, type LibreTranslateOptions } from "../src/libretranslate";
import { type LibreLanguage } from "../src/libretranslate/languages";
import { type FakeLibreTranslate, startFakeLibreTranslate } from "./support/fake-libretranslate";
import { closedPortUrl } from "./support/server";
import { rejection } from "./support/rejection";

// What a recent server lists (ISO-style variants), plus a code Tolk does not know (tlh).
const LANGUAGES: LibreLanguage[] = [
  // variants listed before the main codes on purpose: the choice must not depend on order
  { code: "en", name: "English", targets: ["en", "es", "zh-Hant", "zh-Hans", "pt-BR", "pt", "tlh"] },
  { code: "es", name: "Spanish", targets: ["en", "es", "pt-BR"] },
  { code: "zh-Hant", name: "Chinese (Traditional)", targets: ["en", "es"] },
  { code: "zh-Hans", name: "Chinese (Simplified)", targets: ["en"] },
  { code: "pt-BR", name: "Portuguese (Brazil)", targets: ["en"] },
  { code: "pt", name: "Portuguese", targets: ["en", "es"] },
  { code: "tlh", name: "Klingon", targets: ["en"] },
];

let fake: FakeLibreTranslate;

beforeAll(async () => {
  fake = await startFakeLibreTranslate(LANGUAGES, "lt-key");
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.queue.length = 0;
});

function engine(options: Partial<LibreTranslateOptions> = {}): Promise<Engine> {
  return createLibreTranslateEngine({ url: fake.url, apiKey: "lt-key", retryBaseMs: 5, ...options });
}

const translations = () => fake.requests.filter((r) => r.path === "/translate");
const sorted = (pairs: readonly LanguagePair[]) => pairs.map((p) => `${p.source}-${p.target}`).sort();

describe("libretranslate engine: discovery", () => {
  it("learns the pairs from GET /languages, mapped to ISO 639-1, dropping unknown codes and self-pairs", async () => {
    const lt = await engine();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /languages"]);
    expect(sorted(lt.pairs())).toEqual([
      "en-es",
      "en-pt",
      "en-zh",
      "es-en",
      "es-pt",
      "pt-en",
      "pt-es",
      "zh-en",
      "zh-es",
    ]);
  });

  it("sends the server's own codes, preferring the main variant (zh-Hans, pt) over others", async () => {
    const lt = await engine();
    await lt.translate({ pair: { source: "en", target: "zh" }, segments: ["Hello"] });
    await lt.translate({ pair: { source: "zh", target: "en" }, segments: ["Hello"] });
    await lt.translate({ pair: { source: "en", target: "pt" }, segments: ["Hello"] });
    await lt.translate({ pair: { source: "pt", target: "en" }, segments: ["Hello"] });
    // es only reaches Brazilian Portuguese, zh reaches es only from Traditional
    await lt.translate({ pair: { source: "es", target: "pt" }, segments: ["Hello"] });
    await lt.translate({ pair: { source: "zh", target: "es" }, segments: ["Hello"] });
    expect(translations().map((r) => r.body)).toMatchObject([
      { source: "en", target: "zh-Hans" },
      { source: "zh-Hans", target: "en" },
      { source: "en", target: "pt" },
      { source: "pt", target: "en" },
      { source: "es", target: "pt-BR" },
      { source: "zh-Hant", target: "es" },
    ]);
  });

  it("maps old-style codes (zt, pb) and serves every listed language when a server has no targets", async () => {
    const old = await startFakeLibreTranslate([
      { code: "en" },
      { code: "pb" },
      { code: "zt" },
      { code: "zh" },
    ] as LibreLanguage[]);
    try {
      const lt = await createLibreTranslateEngine({ url: `${old.url}/` });
      expect(sorted(lt.pairs())).toEqual(["en-pt", "en-zh", "pt-en", "pt-zh", "zh-en", "zh-pt"]);
    } finally {
      await old.close();
    }
  });

  it("rejects with an EngineError when the server cannot be reached", async () => {
    const err = await rejection(engine({ url: await closedPortUrl(), maxRetries: 0 }));
    expect(err).toBeInstanceOf(EngineHttpError);
    expect(err).toMatchObject({ engine: "libretranslate", failure: "network" });
  });
});

describe("libretranslate engine: translate", () => {
  it("sends every segment in one POST /translate with q as an array, format text and the api_key", async () => {
    const lt = await engine();
    const results = await lt.translate({
      pair: { source: "en", target: "es" },
      segments: ["Hello world", "Good morning ⟦0⟧", "The <b>cat</b>"],
    });
    expect(translations()).toHaveLength(1);
    expect(translations()[0]?.body).toEqual({
      q: ["Hello world", "Good morning ⟦0⟧", "The <b>cat</b>"],
      source: "en",
      target: "es",
      format: "text",
      api_key: "lt-key",
    });
    expect(results).toEqual([
      { text: "hola mundo", unknownWords: null, words: 2 },
      { text: "buenos días ⟦0⟧", unknownWords: null, words: 3 },
      { text: "el <b>gato</b>", unknownWords: null, words: countWords("The <b>cat</b>") },
    ]);
  });

  it("keeps surrounding whitespace and does not send blank segments", async () => {
    const lt = await engine();
    const results = await lt.translate({
      pair: { source: "en", target: "es" },
      segments: [" Hello\n", "\n\n", "world"],
    });
    expect(results.map((r) => r.text)).toEqual([" hola\n", "\n\n", "mundo"]);
    expect(translations()[0]?.body).toMatchObject({ q: ["Hello", "world"] });
  });

  it("refuses a pair the server does not serve, without a call", async () => {
    const lt = await engine();
    const err = await rejection(lt.translate({ pair: { source: "es", target: "zh" }, segments: ["Hola"] }));
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: false });
    expect(translations()).toHaveLength(0);
  });

  it("fails a wrong api key (403) at once, not retryable, with the server's message", async () => {
    const lt = await engine({ apiKey: "wrong" });
    const err = await rejection(lt.translate({ pair: { source: "en", target: "es" }, segments: ["Hello"] }));
    expect(err).toMatchObject({ retryable: false, status: 403 });
    expect(String((err as Error).message)).toMatch(/Invalid API key/);
    expect(translations()).toHaveLength(1);
  });

  it("fails a count mismatch with a retryable EngineError", async () => {
    const lt = await engine();
    fake.queue.push({ kind: "wrong-count" });
    const err = await rejection(lt.translate({ pair: { source: "en", target: "es" }, segments: ["Hello", "world"] }));
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: true });
    expect(String((err as Error).message)).toMatch(/1 items, expected 2/);
  });

  it("retries a 429 after Retry-After and a 500, then succeeds", async () => {
    const lt = await engine();
    fake.queue.push({ kind: "status", status: 429, headers: { "retry-after": "1" } }, { kind: "status", status: 500 });
    const results = await lt.translate({ pair: { source: "en", target: "es" }, segments: ["Hello"] });
    expect(results.map((r) => r.text)).toEqual(["hola"]);
    const calls = translations();
    expect(calls).toHaveLength(3);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it("turns a server that hangs into an EngineError at the deadline", async () => {
    const lt = await engine({ timeoutMs: 200 });
    fake.queue.push({ kind: "hang" });
    const err = await rejection(lt.translate({ pair: { source: "en", target: "es" }, segments: ["Hello"] }));
    expect(err).toMatchObject({ engine: "libretranslate", failure: "timeout", retryable: true });
    expect(translations()).toHaveLength(1);
  });
});

describe("libretranslate engine: health", () => {
  it("is healthy while GET /languages answers, unhealthy once the server is gone", async () => {
    const server = await startFakeLibreTranslate(LANGUAGES);
    const lt = await createLibreTranslateEngine({ url: server.url });
    expect(await lt.health()).toEqual({ ok: true });
    await server.close();
    expect(await lt.health()).toMatchObject({ ok: false, detail: expect.stringMatching(/GET .*\/languages/) });
  });
});
