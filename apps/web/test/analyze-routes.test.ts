import { analyzeResponse, batchResponse, translateResponse } from "@tolk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as analyze } from "../app/v1/analyze/headless/route";
import { GET as quota } from "../app/v1/quota/route";
import { POST as batch } from "../app/v1/translate/batch/route";
import { POST as translate } from "../app/v1/translate/route";
import { type Harness, call, ensureWindowLeft, expectConventions, expectError, header, startApp } from "./helpers";

// POST /v1/analyze/headless, and source_lang "auto" on the translation routes (real Apertium).
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
const consumed = async (token: string | undefined) =>
  ((await call(h, quota, "/v1/quota", { token })).json as { data: { credits: { consumed: number } } }).data.credits
    .consumed;

const CONTRACT =
  "The Licensee shall indemnify and hold harmless the Licensor against any claim arising from a breach of this Agreement, " +
  "pursuant to the governing law clause in Section 12, notwithstanding any termination of the Agreement.";

describe("POST /v1/analyze/headless", () => {
  it("answers the spec's analysis shape, costs no credits", async () => {
    const org = await h.org();
    const token = org.keys.translate?.key;
    const r = await call(h, analyze, "/v1/analyze/headless", { token, ...json({ text: CONTRACT }) });
    expect(r.status).toBe(200);
    expectConventions(r);
    const body = analyzeResponse.parse(r.json);
    expect(body.data).toMatchObject({ detected_language: "en", domain: "Legal", formality: "Formal" });
    expect(body.data.routing_confidence).toBeGreaterThan(0);
    expect(body.data.routing_confidence).toBeLessThanOrEqual(1);
    expect(body.data.title.length).toBeLessThanOrEqual(61);
    expect(body.data.tags).toContain("legal");
    expect(body.meta).not.toHaveProperty("credits_used");
    expect(await consumed(org.keys.all?.key)).toBe(0);
  });

  it("is deterministic: the same text, the same analysis", async () => {
    const org = await h.org();
    const text = "¡Hola chicos! Descubre nuestra nueva colección con un 30 % de descuento. ¡No te lo pierdas! 🔥";
    const a = await call(h, analyze, "/v1/analyze/headless", { token: org.keys.all?.key, ...json({ text }) });
    const b = await call(h, analyze, "/v1/analyze/headless", { token: org.keys.all?.key, ...json({ text }) });
    expect(analyzeResponse.parse(a.json).data).toEqual(analyzeResponse.parse(b.json).data);
    expect(analyzeResponse.parse(a.json).data).toMatchObject({
      detected_language: "es",
      domain: "Marketing",
      formality: "Informal",
    });
  });

  it("answers detected_language auto for a text too short to tell", async () => {
    const org = await h.org();
    const r = await call(h, analyze, "/v1/analyze/headless", { token: org.keys.all?.key, ...json({ text: "OK" }) });
    expect(analyzeResponse.parse(r.json).data.detected_language).toBe("auto");
  });

  it("refuses missing, empty and over-long text with 400 naming the field", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    for (const body of [{}, { text: "" }, { text: "  \n " }, { text: 42 }, { text: "x".repeat(100_001) }]) {
      const r = await call(h, analyze, "/v1/analyze/headless", { token, ...json(body) });
      expect(expectError(r, 400, "bad_request", "invalid_request_error").param, JSON.stringify(body).slice(0, 40)).toBe(
        "text",
      );
    }
    const longest = await call(h, analyze, "/v1/analyze/headless", {
      token,
      ...json({ text: "Lorem ipsum dolor sit amet. ".repeat(3_571) }),
    });
    expect(longest.status).toBe(200);
  });

  it("needs the translate scope (scope matrix)", async () => {
    const org = await h.org();
    const expected: Record<string, number> = { all: 200, translate: 200, read: 403, write: 403 };
    for (const [name, status] of Object.entries(expected)) {
      const r = await call(h, analyze, "/v1/analyze/headless", {
        token: org.keys[name]?.key,
        ...json({ text: CONTRACT }),
      });
      expect(r.status, name).toBe(status);
      if (status === 403) expectError(r, 403, "insufficient_scope", "permission_error");
    }
    const anonymous = await call(h, analyze, "/v1/analyze/headless", json({ text: CONTRACT }));
    expectError(anonymous, 401, "unauthorized", "authentication_error");
  });

  it("takes from the analyze bucket: the free plan's 5 per minute, then 429; translation is unaffected", async () => {
    await ensureWindowLeft(h, 10);
    const org = await h.org({ plan: "free" });
    const token = org.keys.all?.key;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(h, analyze, "/v1/analyze/headless", { token, ...json({ text: CONTRACT }) })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const denied = await call(h, analyze, "/v1/analyze/headless", { token, ...json({ text: CONTRACT }) });
    expectError(denied, 429, "rate_limit_exceeded", "rate_limit_error");
    expect(header(denied, "x-ratelimit-limit")).toBe("5");
    expect(Number(header(denied, "retry-after"))).toBeGreaterThan(0);
    const other = await call(h, translate, "/v1/translate", {
      token,
      ...json({ text: "The house is big.", source_lang: "en", target_lang: "es" }),
    });
    expect(other.status).toBe(200);
  });
});

describe("source_lang auto on translation", () => {
  it("detects the source language of /v1/translate (absent or auto) and echoes the detected code", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    for (const sourceLang of [undefined, "auto"]) {
      const r = await call(h, translate, "/v1/translate", {
        token,
        ...json({
          text: "The house is big and the garden is beautiful.",
          target_lang: "es",
          ...(sourceLang ? { source_lang: sourceLang } : {}),
        }),
      });
      expect(r.status).toBe(200);
      const body = translateResponse.parse(r.json);
      expect(body.data.source_lang).toBe("en");
      expect(body.data.translation).toContain("casa");
    }
  });

  it("answers 400 asking for source_lang when the detection is inconclusive and the default source language is the target, and bills nothing", async () => {
    const org = await h.org();
    const token = org.keys.all?.key;
    // "Hi" into Spanish is taken as English (compat-detection-routes.test.ts); into English it cannot be.
    const r = await call(h, translate, "/v1/translate", {
      token,
      ...json({ text: "Hi", source_lang: "auto", target_lang: "en" }),
    });
    const err = expectError(r, 400, "bad_request", "invalid_request_error");
    expect(err.param).toBe("source_lang");
    expect(err.message).toContain("source_lang");
    const same = await call(h, translate, "/v1/translate", {
      token,
      ...json({ text: "La casa es grande y el jardín es muy bonito.", target_lang: "es" }),
    });
    expect(expectError(same, 400, "bad_request", "invalid_request_error").message).toContain("detected as es");
    expect(await consumed(token)).toBe(0);
  });

  it("detects the dominant language of a batch", async () => {
    const org = await h.org();
    const r = await call(h, batch, "/v1/translate/batch", {
      token: org.keys.all?.key,
      ...json({
        strings: { a: "The house is big.", b: "Save your changes before you quit.", c: "OK" },
        target_langs: ["es"],
      }),
    });
    expect(r.status).toBe(200);
    const body = batchResponse.parse(r.json);
    expect(body.data.translations.es?.a).toBe("La casa es grande.");
  });
});
