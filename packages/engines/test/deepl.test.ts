import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createDeeplEngine, type DeeplEngineOptions, defaultDeeplUrl, parseTargetVariants } from "../src/deepl";
import { type Engine, EngineError } from "../src/engine";
import { EngineHttpError } from "../src/http";
import { type FakeDeepl, startFakeDeepl } from "./support/fake-deepl";
import { closedPortUrl } from "./support/server";
import { rejection } from "./support/rejection";

// What DeepL lists: plain source codes, target varieties, formality on some targets, and a
// code Tolk does not know (XX).
const LANGUAGES = {
  source: [{ language: "EN" }, { language: "DE" }, { language: "PT" }, { language: "ZH" }, { language: "XX" }],
  target: [
    { language: "DE", supports_formality: true },
    { language: "EN-GB" },
    { language: "EN-US" },
    { language: "PT-BR", supports_formality: true },
    { language: "PT-PT", supports_formality: true },
    { language: "ZH" },
    { language: "ZH-HANS" },
    { language: "ZH-HANT" },
  ],
};
const KEY = "0000-secret-key:fx";

let fake: FakeDeepl;
beforeAll(async () => {
  fake = await startFakeDeepl(LANGUAGES, KEY);
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.queue.length = 0;
});

const engine = (options: Partial<DeeplEngineOptions> = {}): Promise<Engine> =>
  createDeeplEngine({ url: fake.url, authKey: KEY, retryBaseMs: 5, ...options });
const translations = () => fake.requests.filter((r) => r.path === "/v2/translate");

describe("deepl engine: languages", () => {
  it("serves every listed source into every listed target, in ISO codes, without self-pairs or unknown codes", async () => {
    const deepl = await engine();
    const pairs = deepl.pairs().map((p) => `${p.source}-${p.target}`);
    expect(pairs).toHaveLength(4 * 4 - 4);
    expect(pairs).toContain("en-de");
    expect(pairs).toContain("zh-pt");
    expect(pairs).not.toContain("en-en");
    expect(pairs.some((p) => p.includes("xx"))).toBe(false);
    expect(fake.requests.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual([
      "GET /v2/languages?type=source",
      "GET /v2/languages?type=target",
    ]);
  });

  it("sends a target variety (EN-US, PT-BR, ZH-HANS by default, the operator's choice first)", async () => {
    const deepl = await engine();
    for (const target of ["en", "pt", "zh"])
      await deepl.translate({ pair: { source: "de", target }, segments: ["Hallo"] });
    const chosen = await engine({ targetVariants: parseTargetVariants("en:en-gb,pt:PT-PT") ?? {} });
    for (const target of ["en", "pt"]) await chosen.translate({ pair: { source: "de", target }, segments: ["Hallo"] });
    expect(translations().map((r) => (r.body as { target_lang: string }).target_lang)).toEqual([
      "EN-US",
      "PT-BR",
      "ZH-HANS",
      "EN-GB",
      "PT-PT",
    ]);
    expect(translations()[0]?.body).toMatchObject({
      source_lang: "DE",
      split_sentences: "0",
      preserve_formatting: true,
    });
  });

  it("picks the server by the key: Free for :fx keys, Pro otherwise", () => {
    expect(defaultDeeplUrl("abc:fx")).toBe("https://api-free.deepl.com");
    expect(defaultDeeplUrl("abc")).toBe("https://api.deepl.com");
    expect(parseTargetVariants("en-GB")).toBeNull();
  });
});

describe("deepl engine: translate", () => {
  it("batches at most 50 texts per request, in order, keeping the whitespace around segments", async () => {
    const deepl = await engine();
    const segments = Array.from({ length: 120 }, (_, i) => ` hello ${i} `);
    const results = await deepl.translate({ pair: { source: "en", target: "de" }, segments });
    expect(translations().map((r) => (r.body as { text: string[] }).text.length)).toEqual([50, 50, 20]);
    expect(results.map((r) => r.text)).toEqual(segments.map((_, i) => ` hola ${i} `));
    expect(results[0]).toMatchObject({ unknownWords: null, words: 2 });
  });

  it("sends formality (prefer_) only where the target supports it", async () => {
    const deepl = await engine();
    await deepl.translate({ pair: { source: "en", target: "de" }, segments: ["Hello"], formality: "more" });
    await deepl.translate({ pair: { source: "de", target: "en" }, segments: ["Hallo"], formality: "less" });
    await deepl.translate({ pair: { source: "en", target: "de" }, segments: ["Hello"] });
    expect(translations().map((r) => (r.body as { formality?: string }).formality)).toEqual([
      "prefer_more",
      undefined,
      undefined,
    ]);
  });

  it("refuses a pair it does not serve without a call", async () => {
    const deepl = await engine();
    const err = await rejection(deepl.translate({ pair: { source: "en", target: "ja" }, segments: ["Hello"] }));
    expect(err).toBeInstanceOf(EngineError);
    expect(translations()).toHaveLength(0);
  });
});

describe("deepl engine: errors", () => {
  it.each([
    [403, "DeepL refused the configured API key (HTTP 403)"],
    [456, "the DeepL account's character quota is used up (HTTP 456)"],
  ])("says plainly what HTTP %i means, not retried, without the key", async (status, message) => {
    const deepl = await engine();
    fake.queue.push({ status });
    const err = await rejection(deepl.translate({ pair: { source: "en", target: "de" }, segments: ["Hello"] }));
    expect(err).toBeInstanceOf(EngineHttpError);
    expect(err).toMatchObject({ message: `deepl: ${message}`, retryable: false, status });
    expect(String((err as Error).message)).not.toContain("secret");
    expect(translations()).toHaveLength(1);
  });

  it("retries 429 and 5xx, then fails retryable with the status", async () => {
    const deepl = await engine({ maxRetries: 1 });
    fake.queue.push({ status: 429, headers: { "retry-after": "0" } });
    expect((await deepl.translate({ pair: { source: "en", target: "de" }, segments: ["Hello"] }))[0]?.text).toBe(
      "hola",
    );
    fake.queue.push({ status: 503 }, { status: 503 });
    const err = await rejection(deepl.translate({ pair: { source: "en", target: "de" }, segments: ["Hello"] }));
    expect(err).toMatchObject({ retryable: true, status: 503 });
  });

  it("does not start with a refused key or an unreachable server", async () => {
    const refused = await rejection(engine({ authKey: "wrong" }));
    expect(refused).toMatchObject({ message: "deepl: DeepL refused the configured API key (HTTP 403)" });
    const gone = await rejection(engine({ url: await closedPortUrl(), maxRetries: 0 }));
    expect(gone).toBeInstanceOf(EngineHttpError);
  });

  it("is healthy while GET /v2/usage answers with the key", async () => {
    expect(await (await engine()).health()).toEqual({ ok: true });
  });
});
