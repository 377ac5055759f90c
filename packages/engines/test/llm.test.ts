import { LANGUAGES } from "@tolk/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { EngineError, type TranslateRequest } from "../src/engine";
import { EngineHttpError } from "../src/http";
import { createLlmEngine, type LlmEngineOptions } from "../src/llm";
import { type FakeOpenAi, segmentsOf, startFakeOpenAi, systemOf } from "./support/fake-openai";
import { closedPortUrl } from "./support/server";
import { rejection } from "./support/rejection";

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.queue.length = 0;
  fake.modelsStatus = 200;
});

const ALL_MODELS = { mini: "mini-model", standard: "standard-model", premium: "premium-model" };

function engine(options: Partial<LlmEngineOptions> = {}) {
  return createLlmEngine({ baseUrl: fake.url, apiKey: "sk-test", models: ALL_MODELS, retryBaseMs: 5, ...options });
}

const enEs = { source: "en", target: "es" };
const request = (segments: string[], extra: Partial<TranslateRequest> = {}): TranslateRequest => ({
  pair: enEs,
  segments,
  ...extra,
});

function modelOf(index = 0): unknown {
  const body = fake.completions()[index]?.body;
  return body && typeof body === "object" ? (body as { model?: unknown }).model : undefined;
}

describe("llm engine: models and tiers", () => {
  it("uses the model of the requested tier, standard by default", async () => {
    const llm = engine();
    await llm.translate(request(["Hello"], { tier: "mini" }));
    await llm.translate(request(["Hello"], { tier: "premium" }));
    await llm.translate(request(["Hello"], { tier: "standard" }));
    await llm.translate(request(["Hello"]));
    expect(fake.completions().map((r) => (r.body as { model: string }).model)).toEqual([
      "mini-model",
      "premium-model",
      "standard-model",
      "standard-model",
    ]);
  });

  it("falls back to the nearest configured tier", async () => {
    await engine({ models: { premium: "premium-model" } }).translate(request(["Hello"], { tier: "mini" }));
    expect(modelOf(0)).toBe("premium-model");
    await engine({ models: { mini: "mini-model" } }).translate(request(["Hello"], { tier: "premium" }));
    expect(modelOf(1)).toBe("mini-model");
    // standard missing: upward to premium before downward to mini
    await engine({ models: { mini: "mini-model", premium: "premium-model" } }).translate(request(["Hello"]));
    expect(modelOf(2)).toBe("premium-model");
    // premium missing: standard before mini
    await engine({ models: { mini: "mini-model", standard: "standard-model" } }).translate(
      request(["Hello"], { tier: "premium" }),
    );
    expect(modelOf(3)).toBe("standard-model");
  });

  it("refuses a configuration without any model", () => {
    expect(() => createLlmEngine({ baseUrl: fake.url, models: {} })).toThrow(/at least one model/);
    expect(() => createLlmEngine({ baseUrl: fake.url, models: { standard: "  " } })).toThrow(/at least one model/);
  });
});

describe("llm engine: the request", () => {
  it("sends the API key as a Bearer token, and no Authorization without one", async () => {
    await engine().translate(request(["Hello"]));
    await engine({ apiKey: undefined }).translate(request(["Hello"]));
    const [withKey, withoutKey] = fake.completions();
    expect(withKey?.headers.authorization).toBe("Bearer sk-test");
    expect(withoutKey?.headers).not.toHaveProperty("authorization");
  });

  it("batches every segment of a request into one call, temperature 0, results in order", async () => {
    const segments = ["Hello world", "Good morning", "The cat", "Click here", "Ship it"];
    const results = await engine().translate(request(segments));
    expect(fake.completions()).toHaveLength(1);
    const call = fake.completions()[0];
    if (!call) throw new Error("no call");
    expect(segmentsOf(call)).toEqual(segments);
    expect(call.body).toMatchObject({ temperature: 0, model: "standard-model" });
    expect(results).toEqual([
      { text: "hola mundo", unknownWords: null, words: 2 },
      { text: "buenos días", unknownWords: null, words: 2 },
      { text: "el gato", unknownWords: null, words: 2 },
      { text: "haga clic aquí", unknownWords: null, words: 2 },
      { text: "SHIP IT", unknownWords: null, words: 2 },
    ]);
  });

  it("names both languages and the placeholder rule in the system prompt", async () => {
    await engine().translate({ pair: { source: "en", target: "de" }, segments: ["Hello", "World"] });
    const system = systemOf(fake.completions()[0] ?? fail());
    expect(system).toContain("from English (en) to German (de)");
    expect(system).toContain("⟦0⟧");
    expect(system).toMatch(/JSON array of exactly 2 strings/);
    expect(system).not.toMatch(/Style instructions/);
  });

  it("adds the request's instructions to the system prompt", async () => {
    await engine().translate(request(["Hello"], { instructions: "Use the informal tú; playful tone." }));
    const system = systemOf(fake.completions()[0] ?? fail());
    expect(system).toMatch(/Style instructions[\s\S]*Use the informal tú; playful tone\./);
  });

  it("sends placeholders and tags exactly and gets them back untouched", async () => {
    const segments = ["Hello ⟦0⟧, click ⟦1⟧here⟦2⟧", "<b>Hello</b> world <br/>", "⟦0⟧"];
    const results = await engine().translate(request(segments));
    expect(segmentsOf(fake.completions()[0] ?? fail())).toEqual(segments);
    expect(results.map((r) => r.text)).toEqual(["hola ⟦0⟧, haga clic ⟦1⟧aquí⟦2⟧", "<b>hola</b> mundo <br/>", "⟦0⟧"]);
  });

  it("keeps each segment's surrounding whitespace and never sends blank segments", async () => {
    const results = await engine().translate(request(["  Hello\n", "", "   ", "world "]));
    expect(results.map((r) => r.text)).toEqual(["  hola\n", "", "   ", "mundo "]);
    expect(segmentsOf(fake.completions()[0] ?? fail())).toEqual(["Hello", "world"]);
    fake.requests.length = 0;
    expect(await engine().translate(request(["", " "]))).toEqual([
      { text: "", unknownWords: null, words: 0 },
      { text: " ", unknownWords: null, words: 0 },
    ]);
    expect(fake.completions()).toHaveLength(0);
  });

  it("cuts a request larger than maxSegmentsPerCall into several calls", async () => {
    const segments = Array.from({ length: 7 }, (_, i) => `Hello ${i}`);
    const results = await engine({ maxSegmentsPerCall: 3 }).translate(request(segments));
    expect(fake.completions().map((r) => segmentsOf(r).length)).toEqual([3, 3, 1]);
    expect(results.map((r) => r.text)).toEqual(segments.map((_, i) => `hola ${i}`));
  });
});

describe("llm engine: reading answers", () => {
  it("accepts an array in a code fence or wrapped in an object, in one call", async () => {
    fake.queue.push({ kind: "fenced" }, { kind: "wrapped" });
    expect((await engine().translate(request(["Hello", "world"]))).map((r) => r.text)).toEqual(["hola", "mundo"]);
    expect((await engine().translate(request(["Good", "morning"]))).map((r) => r.text)).toEqual(["buenos", "días"]);
    expect(fake.completions()).toHaveLength(2);
  });

  it("accepts an array embedded in a sentence", async () => {
    fake.queue.push({ kind: "content", content: 'Here you go: ["uno", "dos"] — enjoy!' });
    expect((await engine().translate(request(["one", "two"]))).map((r) => r.text)).toEqual(["uno", "dos"]);
  });

  it("asks again once when the count is wrong", async () => {
    fake.queue.push({ kind: "wrong-count" });
    const results = await engine().translate(request(["Hello", "world", "cat"]));
    expect(results.map((r) => r.text)).toEqual(["hola", "mundo", "gato"]);
    expect(fake.completions()).toHaveLength(2);
    expect(fake.completions().map(segmentsOf)).toEqual([
      ["Hello", "world", "cat"],
      ["Hello", "world", "cat"],
    ]);
  });

  it("asks again once when the answer is not JSON", async () => {
    fake.queue.push({ kind: "content", content: "Sure! Here are your translations." });
    const results = await engine().translate(request(["Hello", "world"]));
    expect(results.map((r) => r.text)).toEqual(["hola", "mundo"]);
    expect(fake.completions()).toHaveLength(2);
  });

  it("goes segment by segment after two unreadable answers", async () => {
    fake.queue.push({ kind: "wrong-count" }, { kind: "content", content: "not json" });
    const segments = ["Hello", "world", "The cat"];
    const results = await engine().translate(request(segments));
    expect(results.map((r) => r.text)).toEqual(["hola", "mundo", "el gato"]);
    const calls = fake.completions().map(segmentsOf);
    expect(calls).toHaveLength(5);
    expect(calls.slice(0, 2)).toEqual([segments, segments]);
    expect(calls.slice(2).sort()).toEqual([["Hello"], ["The cat"], ["world"]]);
    expect(systemOf(fake.completions()[2] ?? fail())).toMatch(/exactly 1 string:/);
  });

  it("reads a one-segment answer given as plain text when going segment by segment", async () => {
    fake.queue.push(
      { kind: "content", content: "nope" },
      { kind: "content", content: "still nope" },
      { kind: "plain" },
    );
    const results = await engine().translate(request(["Hello world"]));
    expect(results.map((r) => r.text)).toEqual(["hola mundo"]);
    expect(fake.completions()).toHaveLength(3);
  });

  it("fails with a retryable EngineError when even one segment cannot be read", async () => {
    fake.queue.push(
      { kind: "content", content: "[]" },
      { kind: "content", content: "[]" },
      { kind: "content", content: "{}" },
    );
    const err = await rejection(engine().translate(request(["Hello"])));
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ engine: "llm", retryable: true });
  });
});

describe("llm engine: HTTP failures", () => {
  it("retries a 429 after the server's Retry-After", async () => {
    fake.queue.push({ kind: "status", status: 429, headers: { "retry-after": "1" } });
    const results = await engine().translate(request(["Hello"]));
    expect(results.map((r) => r.text)).toEqual(["hola"]);
    const [first, second] = fake.completions();
    expect(fake.completions()).toHaveLength(2);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it("fails at once, retryable, when Retry-After is longer than it will wait", async () => {
    fake.queue.push({ kind: "status", status: 429, headers: { "retry-after": "3600" } });
    const err = await rejection(engine().translate(request(["Hello"])));
    expect(err).toBeInstanceOf(EngineHttpError);
    expect(err).toMatchObject({ retryable: true, status: 429 });
    expect(String((err as Error).message)).toMatch(/retry after 3600 s/);
    expect(fake.completions()).toHaveLength(1);
  });

  it("retries a 500 and succeeds", async () => {
    fake.queue.push({ kind: "status", status: 500 }, { kind: "status", status: 503 });
    const results = await engine().translate(request(["Hello", "world"]));
    expect(results.map((r) => r.text)).toEqual(["hola", "mundo"]);
    expect(fake.completions()).toHaveLength(3);
  });

  it("gives up after maxRetries on a persistent 5xx, retryable", async () => {
    fake.queue.push(...Array.from({ length: 5 }, () => ({ kind: "status" as const, status: 502 })));
    const err = await rejection(engine({ maxRetries: 2 }).translate(request(["Hello"])));
    expect(err).toBeInstanceOf(EngineHttpError);
    expect(err).toMatchObject({ engine: "llm", retryable: true, status: 502 });
    expect(fake.completions()).toHaveLength(3);
  });

  it("fails a 401 at once, not retryable, with the server's message", async () => {
    fake.queue.push({ kind: "status", status: 401, body: { error: { message: "Incorrect API key provided" } } });
    const err = await rejection(engine().translate(request(["Hello"])));
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: false, status: 401 });
    expect(String((err as Error).message)).toMatch(/HTTP 401.*Incorrect API key provided/);
    expect(fake.completions()).toHaveLength(1);
  });

  it("fails an unknown model (404) at once, not retryable", async () => {
    const err = await rejection(engine({ models: { standard: "no-such-model" } }).translate(request(["Hello"])));
    expect(err).toMatchObject({ retryable: false, status: 404 });
    expect(fake.completions()).toHaveLength(1);
  });

  it("turns a server that hangs into an EngineError at the deadline, without retrying", async () => {
    fake.queue.push({ kind: "hang" });
    const err = await rejection(engine({ timeoutMs: 200 }).translate(request(["Hello"])));
    expect(err).toBeInstanceOf(EngineHttpError);
    expect(err).toMatchObject({ retryable: true, failure: "timeout" });
    expect(String((err as Error).message)).toMatch(/timed out after 200 ms/);
    expect(fake.completions()).toHaveLength(1);
  });

  it("retries a dropped connection", async () => {
    fake.queue.push({ kind: "drop" });
    const results = await engine().translate(request(["Hello"]));
    expect(results.map((r) => r.text)).toEqual(["hola"]);
    expect(fake.completions()).toHaveLength(2);
  });

  it("turns an unreachable server into a retryable EngineError", async () => {
    const err = await rejection(
      engine({ baseUrl: await closedPortUrl(), maxRetries: 1 }).translate(request(["Hello"])),
    );
    expect(err).toBeInstanceOf(EngineHttpError);
    expect(err).toMatchObject({ retryable: true, failure: "network" });
    expect(String((err as Error).message)).toMatch(/ECONNREFUSED/);
  });

  it("stops when the caller aborts", async () => {
    fake.queue.push({ kind: "hang" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await rejection(
      engine({ timeoutMs: 10_000 }).translate(request(["Hello"], { signal: controller.signal })),
    );
    // Aborted, not timed out: the caller's signal ended the call, and it was not retried.
    expect(err).toMatchObject({ failure: "aborted", retryable: false });
    expect(fake.completions()).toHaveLength(1);
  });

  it("stops in-flight calls on close and refuses new ones", async () => {
    fake.queue.push({ kind: "hang" });
    const llm = engine({ timeoutMs: 10_000 });
    const pending = rejection(llm.translate(request(["Hello"])));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await llm.close();
    expect(await pending).toMatchObject({ failure: "aborted" });
    expect(await rejection(llm.translate(request(["Hello"])))).toMatchObject({ retryable: false });
  });
});

describe("llm engine: pairs and health", () => {
  it("serves every ordered pair among the contract's languages by default", () => {
    const pairs = engine().pairs();
    expect(pairs).toHaveLength(LANGUAGES.length * (LANGUAGES.length - 1));
    expect(LANGUAGES.length).toBe(149);
    expect(pairs).toContainEqual({ source: "en", target: "ja" });
    expect(pairs).toContainEqual({ source: "sw", target: "is" });
    expect(pairs.some((p) => p.source === p.target)).toBe(false);
  });

  it("serves only the configured languages, refusing others without a call", async () => {
    const llm = engine({
      languages: [
        { code: "en", name: "English" },
        { code: "es", name: "Spanish" },
        { code: "fr", name: "French" },
      ],
    });
    expect(llm.pairs()).toHaveLength(6);
    const err = await rejection(llm.translate({ pair: { source: "en", target: "de" }, segments: ["Hello"] }));
    expect(err).toMatchObject({ retryable: false });
    expect(String((err as Error).message)).toMatch(/unsupported pair en-de/);
    expect(fake.completions()).toHaveLength(0);
  });

  it("is healthy when GET /models answers, and says which configured models it does not list", async () => {
    expect(await engine().health()).toEqual({ ok: true });
    const models = fake.requests.find((r) => r.path === "/v1/models");
    expect(models?.headers.authorization).toBe("Bearer sk-test");
    expect(await engine({ models: { standard: "standard-model", premium: "gpt-9" } }).health()).toEqual({
      ok: true,
      detail: expect.stringMatching(/gpt-9/),
    });
  });

  it("is unhealthy when GET /models is refused, or the server is down", async () => {
    fake.modelsStatus = 401;
    expect(await engine().health()).toMatchObject({ ok: false, detail: expect.stringMatching(/HTTP 401/) });
    expect(await engine({ baseUrl: await closedPortUrl() }).health()).toMatchObject({ ok: false });
  });

  it("falls back to a one-token completion when the server has no /models", async () => {
    fake.modelsStatus = 404;
    expect(await engine().health()).toEqual({ ok: true });
    const ping = fake.completions()[0];
    expect(ping?.body).toMatchObject({ model: "mini-model", max_tokens: 1 });
    expect(await engine({ models: { mini: "gone-model" } }).health()).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/404/),
    });
  });
});

function fail(): never {
  throw new Error("missing request");
}

describe("llm engine: what Tolk knows goes into the prompt", () => {
  it("puts glossary terms, memory matches and the brand voice in the system prompt", async () => {
    await engine().translate(
      request(["Open the dashboard."], {
        instructions: "Formal register (usted).",
        context: {
          glossary: [{ source: "dashboard", target: "panel de control" }],
          examples: [{ source: "Open the dashboard now.", target: "Abra el panel de control ahora.", score: 88 }],
        },
      }),
    );
    const [call] = fake.completions();
    if (!call) throw new Error("no chat completion was made");
    const system = systemOf(call);
    expect(system).toMatch(/Glossary[\s\S]*"dashboard" → "panel de control"/);
    expect(system).toMatch(
      /Approved translations[\s\S]*"Open the dashboard now\." → "Abra el panel de control ahora\."/,
    );
    expect(system).toMatch(/Style instructions[\s\S]*Formal register \(usted\)\./);
  });

  it("cuts a batch into calls that fit the prompt budget, every segment in order", async () => {
    const segments = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} ${"word ".repeat(40)}`.trim());
    const results = await engine({ maxPromptChars: 4_000 }).translate(request(segments));
    expect(results).toHaveLength(30);
    const calls = fake.completions();
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      const body = call.body as { messages: { content: string }[] };
      expect(body.messages.reduce((n, m) => n + m.content.length, 0)).toBeLessThanOrEqual(4_000);
    }
    expect(calls.flatMap((c) => segmentsOf(c))).toEqual(segments);
  });
});
