// Happy paths and bad input of the account endpoints, in the exact shapes of the spec.
import { formatsResponse, languagesResponse, meResponse, quotaResponse, usageResponse } from "@tolk/contract";
import { debitCredits } from "@tolk/domain";
import { type TestOrg, recordUsage } from "@tolk/domain/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as formats } from "../app/v1/formats/route";
import { GET as languages } from "../app/v1/languages/route";
import { GET as me } from "../app/v1/me/route";
import { GET as quota } from "../app/v1/quota/route";
import { GET as usage } from "../app/v1/usage/route";
import { type Harness, call, expectConventions, expectError, startApp } from "./helpers";

let h: Harness;
let starter: TestOrg;
beforeAll(async () => {
  h = await startApp();
  starter = await h.org({ plan: "starter" });
});
afterAll(() => h.close());

const key = (org: TestOrg, name = "all") => {
  const k = org.keys[name];
  if (!k) throw new Error(`no key ${name}`);
  return k.key;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe("GET /v1/me", () => {
  it("identifies an API key: the owner, the organization, the plan and the key's scopes", async () => {
    const r = await call(h, me, "/v1/me", { token: key(starter, "read") });
    expect(r.status).toBe(200);
    expectConventions(r);
    const body = meResponse.parse(r.json);
    expect(body.data).toEqual({
      user_id: starter.ownerId,
      org_id: starter.orgId,
      source: "api_key",
      plan: "starter",
      scopes: ["read"],
    });
    expect(Object.keys(body.meta)).toEqual(["request_id"]);
  });

  it("reports every scope of an all-scope key", async () => {
    const r = await call(h, me, "/v1/me", { token: key(starter) });
    expect(meResponse.parse(r.json).data.scopes).toEqual(["translate", "read", "write"]);
  });
});

describe("GET /v1/quota", () => {
  it("shows the starter plan: rate limits 60/30/30/120, limits 5/10/3/10, 200,000 credits", async () => {
    const org = await h.org({ plan: "starter" });
    const r = await call(h, quota, "/v1/quota", { token: key(org, "read") });
    expect(r.status).toBe(200);
    expectConventions(r);
    const { data } = quotaResponse.parse(r.json);
    expect(data.plan).toBe("starter");
    expect(data.rate_limits).toEqual({
      translate_per_min: 60,
      segment_per_min: 30,
      analyze_per_min: 30,
      api_per_min: 120,
    });
    expect(data.limits).toEqual({
      translation_memories_max: 5,
      glossaries_max: 10,
      brandvoice_profiles_max: 3,
      projects_max: 10,
    });
    expect(data.credits).toMatchObject({
      allowance: 200_000,
      consumed: 0,
      top_up_balance: 0,
      remaining: 200_000,
      usage_percent: 0,
    });
  });

  it("follows debits and top-ups: remaining = allowance + top_up_balance - consumed", async () => {
    const org = await h.org({ plan: "free", topUp: 5_000 });
    await debitCredits(h.app.domain, { orgId: org.orgId, amount: 1_500, operationKey: "quota-1" });
    const r = await call(h, quota, "/v1/quota", { token: key(org, "read") });
    const { credits } = quotaResponse.parse(r.json).data;
    expect(credits).toMatchObject({
      allowance: 10_000,
      consumed: 1_500,
      top_up_balance: 5_000,
      remaining: 13_500,
      usage_percent: 10,
    });
    expect(credits.remaining).toBe(credits.allowance + credits.top_up_balance - credits.consumed);
  });

  it("shows an enterprise organization's own limits over the enterprise defaults", async () => {
    const org = await h.org({
      plan: "enterprise",
      limits: {
        monthly_credits: 123_456,
        translate_per_min: 7,
        api_per_min: 4_321,
        glossaries_max: 2,
        projects_max: 9,
      },
    });
    const r = await call(h, quota, "/v1/quota", { token: key(org, "read") });
    expect(r.status).toBe(200);
    const { data } = quotaResponse.parse(r.json);
    expect(data.plan).toBe("enterprise");
    expect(data.credits.allowance).toBe(123_456);
    expect(data.rate_limits).toEqual({
      translate_per_min: 7,
      segment_per_min: 300,
      analyze_per_min: 300,
      api_per_min: 4_321,
    });
    expect(data.limits).toEqual({
      translation_memories_max: 100,
      glossaries_max: 2,
      brandvoice_profiles_max: 50,
      projects_max: 9,
    });
    // The override is the limit actually enforced, not only displayed.
    expect(r.res.headers.get("x-ratelimit-limit")).toBe("4321");
  });
});

describe("GET /v1/usage", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await h.org();
    const other = await h.org();
    const base = { requestId: "req", kind: "text" as const, sourceLang: "en", credits: 0 };
    await recordUsage(h.app.domain, [
      { ...base, orgId: org.orgId, targetLang: "de", characters: 100 },
      { ...base, orgId: org.orgId, targetLang: "ja", characters: 300 },
      { ...base, orgId: org.orgId, targetLang: "ja", characters: 250 },
      { ...base, orgId: org.orgId, targetLang: "fr", characters: 40 },
      // Another organization's translations never show up.
      { ...base, orgId: other.orgId, targetLang: "es", characters: 9_999 },
    ]);
  });

  it("aggregates per target language, sorted by characters, over the last 30 days by default", async () => {
    const r = await call(h, usage, "/v1/usage", { token: key(org, "read") });
    expect(r.status).toBe(200);
    expectConventions(r);
    const { data } = usageResponse.parse(r.json);
    const today = new Date();
    expect(data.to).toBe(isoDay(today));
    expect(data.from).toBe(isoDay(new Date(Date.parse(`${isoDay(today)}T00:00:00Z`) - 30 * 86_400_000)));
    expect(data.total_characters).toBe(690);
    expect(data.total_documents).toBe(4);
    expect(data.by_language).toEqual([
      { target_lang: "ja", characters: 550, documents: 2 },
      { target_lang: "de", characters: 100, documents: 1 },
      { target_lang: "fr", characters: 40, documents: 1 },
    ]);
  });

  it("honours an explicit range: today counts, a past range is empty", async () => {
    const today = isoDay(new Date());
    const inRange = await call(h, usage, `/v1/usage?from=${today}&to=${today}`, { token: key(org, "read") });
    expect(usageResponse.parse(inRange.json).data).toMatchObject({ from: today, to: today, total_characters: 690 });

    const past = await call(h, usage, "/v1/usage?from=2020-01-01&to=2020-01-31", { token: key(org, "read") });
    expect(past.status).toBe(200);
    expect(usageResponse.parse(past.json).data).toEqual({
      from: "2020-01-01",
      to: "2020-01-31",
      total_characters: 0,
      total_documents: 0,
      by_language: [],
    });
  });

  it.each([
    ["from=2026-13-01", "from"],
    ["from=yesterday", "from"],
    ["to=2026-02-30", "to"],
    ["to=2026-1-5", "to"],
  ])("refuses a malformed date (%s) with 400 naming the parameter", async (query, param) => {
    const r = await call(h, usage, `/v1/usage?${query}`, { token: key(org, "read") });
    const error = expectError(r, 400, "bad_request", "invalid_request_error");
    expect(error.param).toBe(param);
    expect(error.message).toContain(param);
  });

  it("refuses 'from' after 'to' with 400", async () => {
    const r = await call(h, usage, "/v1/usage?from=2026-03-10&to=2026-03-01", { token: key(org, "read") });
    const error = expectError(r, 400, "bad_request", "invalid_request_error");
    expect(error.message).toContain("2026-03-10");
  });

  it("refuses a range of more than 366 days with 400", async () => {
    const r = await call(h, usage, "/v1/usage?from=2024-01-01&to=2026-01-01", { token: key(org, "read") });
    expectError(r, 400, "bad_request", "invalid_request_error");
  });

  it("refuses an unknown query parameter with 400", async () => {
    const r = await call(h, usage, "/v1/usage?form=2026-03-01", { token: key(org, "read") });
    const error = expectError(r, 400, "bad_request", "invalid_request_error");
    expect(error.message).toContain("form");
  });
});

describe("GET /v1/languages", () => {
  it("lists 149 languages with direction and credit weight", async () => {
    const r = await call(h, languages, "/v1/languages", { token: key(starter, "read") });
    expect(r.status).toBe(200);
    expectConventions(r);
    const { data } = languagesResponse.parse(r.json);
    expect(data.total).toBe(149);
    expect(data.languages).toHaveLength(149);
    expect(new Set(data.languages.map((l) => l.code)).size).toBe(149);
    for (const l of data.languages) {
      expect(l.code).toMatch(/^[a-z]{2}$/);
      expect(l.name.length).toBeGreaterThan(0);
      expect([1, 2, 3]).toContain(l.credit_weight);
    }
    const byCode = new Map(data.languages.map((l) => [l.code, l]));
    for (const rtl of ["ar", "he", "fa", "ur"]) expect(byCode.get(rtl)?.direction).toBe("rtl");
    for (const ltr of ["en", "de", "ja", "hi"]) expect(byCode.get(ltr)?.direction).toBe("ltr");
    expect(byCode.get("ar")).toEqual({
      code: "ar",
      name: "Arabic",
      direction: "rtl",
      script: "arabic",
      credit_weight: 1,
      targets: [],
      routes: [],
    });
    expect(byCode.get("sr")?.script).toBe("cyrillic");
    // Which engine serves each pair, the pivot, and the output's script (Apertium's Serbian is Latin).
    const route = (source: string, target: string) => byCode.get(source)?.routes.find((x) => x.target === target);
    expect(route("en", "es")).toEqual({ target: "es", engine: "apertium", pivot: null, pivots: [], script: "latin" });
    expect(route("en", "sr")).toEqual({ target: "sr", engine: "apertium", pivot: null, pivots: [], script: "latin" });
    expect(route("en", "pt")).toMatchObject({ engine: "apertium", pivot: expect.any(String) });
    // Slovenian reaches Spanish only through two languages (sl → hbs → en → es).
    expect(route("sl", "es")?.pivots).toHaveLength(2);
    expect(data.languages.filter((l) => l.targets.length > 0).length).toBeGreaterThanOrEqual(30);
    for (const l of data.languages) expect(l.routes.map((x) => x.target)).toEqual(l.targets);
    expect(byCode.get("hi")?.credit_weight).toBe(2);
    expect(byCode.get("zh")?.credit_weight).toBe(3);
    expect(byCode.get("ko")?.credit_weight).toBe(3);
    expect(byCode.get("en")?.credit_weight).toBe(1);
  });
});

describe("GET /v1/formats", () => {
  // docs/documents.md "The 16 formats": extension, category, MB.
  const expected: [string, string, number][] = [
    ["docx", "document", 20],
    ["pptx", "document", 20],
    ["html", "document", 10],
    ["md", "document", 5],
    ["txt", "document", 5],
    ["xlsx", "data", 20],
    ["xliff", "localization", 20],
    ["xlf", "localization", 20],
    ["json", "localization", 10],
    ["yaml", "localization", 10],
    ["yml", "localization", 10],
    ["po", "localization", 10],
    ["pot", "localization", 10],
    ["strings", "localization", 5],
    ["srt", "subtitle", 5],
    ["vtt", "subtitle", 5],
  ];

  it("lists exactly the 16 formats with their category and size limit", async () => {
    const r = await call(h, formats, "/v1/formats", { token: key(starter, "read") });
    expect(r.status).toBe(200);
    expectConventions(r);
    const { data } = formatsResponse.parse(r.json);
    expect(data.total).toBe(16);
    expect(data.formats.map((f) => [f.extension, f.category, f.max_size_mb])).toEqual(expected);
    expect(data.formats.find((f) => f.extension === "docx")).toEqual({
      extension: "docx",
      name: "Microsoft Word",
      mime_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      category: "document",
      max_size_mb: 20,
    });
    expect(data.formats.find((f) => f.extension === "srt")?.mime_type).toBe("application/x-subrip");
    // The raw entries carry exactly the spec's fields (the zod parse above would strip extras).
    const raw = (r.json as { data: { formats: Record<string, unknown>[] } }).data.formats;
    for (const f of raw)
      expect(Object.keys(f).sort()).toEqual(["category", "extension", "max_size_mb", "mime_type", "name"]);
  });
});
