import { batchResponse, translateResponse } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as batch } from "../app/v1/translate/batch/route";
import { GET as languages } from "../app/v1/languages/route";
import { GET as quota } from "../app/v1/quota/route";
import { POST as translate } from "../app/v1/translate/route";
import { GET as usage } from "../app/v1/usage/route";
import { type Harness, call, ensureWindowLeft, expectConventions, expectError, header, startApp } from "./helpers";

// POST /v1/translate and /v1/translate/batch through the route handlers, on the real Apertium.
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h.close());

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

describe("POST /v1/translate", () => {
  it("answers the spec's shape, with credits and processing time in meta", async () => {
    const org = await h.org();
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: "The house is big.", source_lang: "EN", target_lang: "es" }),
    });
    expect(r.status).toBe(200);
    expectConventions(r);
    const body = translateResponse.parse(r.json);
    expect(body.data).toMatchObject({ translation: "La casa es grande.", source_lang: "en", target_lang: "es" });
    expect(body.meta.credits_used).toBe(body.data.credits_used);
    expect(body.meta.processing_time_ms).toBeGreaterThanOrEqual(0);
    // Billed and visible in the account endpoints.
    const q = (await call(h, quota, "/v1/quota", { token: org.keys.all?.key })).json as {
      data: { credits: { consumed: number } };
    };
    expect(q.data.credits.consumed).toBe(body.data.credits_used);
    const u = (await call(h, usage, "/v1/usage", { token: org.keys.all?.key })).json as {
      data: { total_characters: number; by_language: unknown[] };
    };
    expect(u.data.total_characters).toBe(body.data.character_count);
    expect(u.data.by_language).toEqual([{ target_lang: "es", characters: body.data.character_count, documents: 1 }]);
  });

  it("refuses bad input with 400 naming the field, before billing", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    const cases: [unknown, string][] = [
      [{ source_lang: "en", target_lang: "es" }, "text"],
      [{ text: "   ", source_lang: "en", target_lang: "es" }, "text"],
      [{ text: "Hi", source_lang: "english", target_lang: "es" }, "source_lang"],
      [{ text: "Hi", source_lang: "en", target_lang: "xx" }, "target_lang"],
      [{ text: "Hi", source_lang: "en", target_lang: "en" }, "target_lang"],
      [{ text: "Hi", source_lang: "en", target_lang: "es", colour: "red" }, ""],
      [{ text: 5, source_lang: "en", target_lang: "es" }, "text"],
    ];
    for (const [body, param] of cases) {
      const r = await call(h, translate, "/v1/translate", { token, ...json(body) });
      const err = expectError(r, 400, "bad_request", "invalid_request_error");
      if (param) expect(err.param, JSON.stringify(body)).toBe(param);
    }
    const tooLong = await call(h, translate, "/v1/translate", {
      token,
      ...json({ text: "word ".repeat(4_001), source_lang: "en", target_lang: "es" }),
    });
    expect(expectError(tooLong, 400, "bad_request", "invalid_request_error").message).toContain("20000");
    const q = (await call(h, quota, "/v1/quota", { token })).json as { data: { credits: { consumed: number } } };
    expect(q.data.credits.consumed).toBe(0);
  });

  it("answers 400 unsupported_language_pair with the available pairs", async () => {
    const org = await h.org();
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: "Hi", source_lang: "en", target_lang: "ko" }),
    });
    expect(expectError(r, 400, "unsupported_language_pair", "invalid_request_error").message).toMatch(
      /Available pairs: .*en-es/,
    );
  });

  it("answers 402 with required and available credits, and translates nothing", async () => {
    const org = await h.org({ plan: "enterprise", limits: { monthly_credits: 5 } });
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: "A longer sentence.", source_lang: "en", target_lang: "es" }),
    });
    expect(expectError(r, 402, "insufficient_credits", "billing_error").message).toMatch(
      /needs 18 and 5 are available/,
    );
  });

  it("needs the translate scope", async () => {
    const org = await h.org();
    const r = await call(h, translate, "/v1/translate", {
      token: org.keys.read?.key,
      ...json({ text: "Hi", source_lang: "en", target_lang: "es" }),
    });
    expectError(r, 403, "insufficient_scope", "permission_error");
  });

  it("takes from the translate bucket: the free plan's 11th request in a minute is 429", async () => {
    const org = await h.org({ plan: "free" });
    await ensureWindowLeft(h, 20);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await call(h, translate, "/v1/translate", {
        token: org.keys.all?.key,
        ...json({ text: `Item ${i}.`, source_lang: "en", target_lang: "es" }),
      });
      statuses.push(r.status);
      if (r.status === 429) expect(header(r, "retry-after")).toMatch(/^\d+$/);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("replays an Idempotency-Key retry without billing twice", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    const req = {
      token,
      ...json({ text: "The cat sleeps.", source_lang: "en", target_lang: "es" }),
      headers: { "content-type": "application/json", "idempotency-key": "tx-1" },
    };
    const first = await call(h, translate, "/v1/translate", req);
    const second = await call(h, translate, "/v1/translate", req);
    expect(second.text).toBe(first.text);
    expect(header(second, "idempotent-replayed")).toBe("true");
    const q = (await call(h, quota, "/v1/quota", { token })).json as { data: { credits: { consumed: number } } };
    expect(q.data.credits.consumed).toBe(translateResponse.parse(first.json).data.credits_used);
  });
});

describe("POST /v1/translate/batch", () => {
  it("answers target → key → text with totals", async () => {
    const org = await h.org();
    const r = await call(h, batch, "/v1/translate/batch", {
      token: org.keys.all?.key,
      ...json({
        strings: { title: "Good morning.", body: "The house is big." },
        source_lang: "en",
        target_langs: ["es", "pt"],
      }),
    });
    expect(r.status).toBe(200);
    expectConventions(r);
    const body = batchResponse.parse(r.json);
    expect(body.data.translations.es).toEqual({ title: "Buenos días.", body: "La casa es grande." });
    expect(Object.keys(body.data.translations.pt ?? {})).toEqual(["title", "body"]);
    expect(body.meta.credits_used).toBe(body.data.total_credits_used);
    expect(body.data.total_credits_used).toBe(body.data.total_characters);
  });

  it("refuses an empty map, more than 500 strings, missing or too many or repeated targets", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, "x"]));
    const cases: [unknown, string][] = [
      [{ strings: {}, source_lang: "en", target_langs: ["es"] }, "strings"],
      [{ strings: many, source_lang: "en", target_langs: ["es"] }, "strings"],
      [{ strings: { a: "x" }, source_lang: "en" }, "target_langs"],
      [{ strings: { a: "x" }, source_lang: "en", target_langs: [] }, "target_langs"],
      [
        { strings: { a: "x" }, source_lang: "en", target_langs: Array.from({ length: 21 }, () => "es") },
        "target_langs",
      ],
      [{ strings: { a: "x" }, source_lang: "en", target_langs: ["es", "es"] }, "target_langs"],
      [{ strings: { a: "x" }, source_lang: "en", target_langs: ["en"] }, "target_langs"],
      [{ strings: { a: 1 }, source_lang: "en", target_langs: ["es"] }, "strings.a"],
    ];
    for (const [body, param] of cases) {
      const r = await call(h, batch, "/v1/translate/batch", { token, ...json(body) });
      expect(expectError(r, 400, "bad_request", "invalid_request_error").param, JSON.stringify(body).slice(0, 80)).toBe(
        param,
      );
    }
  });

  it("takes from the segment bucket, not the translate one", async () => {
    const org = await h.org({ plan: "free" }); // segment 5/min
    await ensureWindowLeft(h, 20);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await call(h, batch, "/v1/translate/batch", {
        token: org.keys.all?.key,
        ...json({ strings: { a: `Line ${i}.` }, source_lang: "en", target_langs: ["es"] }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const single = await call(h, translate, "/v1/translate", {
      token: org.keys.all?.key,
      ...json({ text: "Still fine.", source_lang: "en", target_lang: "es" }),
    });
    expect(single.status).toBe(200);
  });
});

describe("GET /v1/languages", () => {
  it("lists, per language, the targets this deployment can translate into", async () => {
    const org = await h.org();
    const r = await call(h, languages, "/v1/languages", { token: org.keys.all?.key });
    const list = (r.json as { data: { languages: { code: string; targets: string[] }[] } }).data.languages;
    const en = list.find((l) => l.code === "en");
    expect(en?.targets).toEqual(expect.arrayContaining(["es", "ca", "gl", "pt", "fr", "it"]));
    expect(en?.targets).not.toContain("en");
    expect(list.find((l) => l.code === "ja")?.targets).toEqual([]);
  });
});
