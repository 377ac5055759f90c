// The LibreTranslate layer (/libretranslate/*) through its route handlers, on the real Apertium:
// the request shapes Weblate sends (JSON with api_key and format "text"; its older form body),
// {"error"} answers with 400/403/429, and results, credits and usage that are exactly /v1's.
import { getDailyUsage } from "@tolk/domain";
import { type TestOrg } from "@tolk/domain/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as catchAll from "../app/libretranslate/[...path]/route";
import * as detect from "../app/libretranslate/detect/route";
import * as settings from "../app/libretranslate/frontend/settings/route";
import * as languages from "../app/libretranslate/languages/route";
import * as translateFile from "../app/libretranslate/translate_file/route";
import * as translate from "../app/libretranslate/translate/route";
import * as v1Download from "../app/v1/documents/[job_id]/download/route";
import * as v1Batch from "../app/v1/translate/batch/route";
import * as v1Languages from "../app/v1/languages/route";
import * as v1Quota from "../app/v1/quota/route";
import * as v1Translate from "../app/v1/translate/route";
import * as v1Usage from "../app/v1/usage/route";
import { type Harness, type Reply, call, ensureWindowLeft, expectNoStack, header, randomIp, startApp } from "./helpers";

let h: Harness;
let org: TestOrg;
let key: string;
beforeAll(async () => {
  h = await startApp();
  org = await h.org();
  key = org.keys.all?.key ?? "";
});
afterAll(() => h.close());

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
const v1 = (body: unknown, k: string = key) => ({
  method: "POST",
  token: k,
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});
const v1Text = async (text: string, source: string, target: string, k: string = key) =>
  (
    (await call(h, v1Translate.POST, "/v1/translate", v1({ text, source_lang: source, target_lang: target }, k)))
      .json as {
      data: { translation: string; credits_used: number };
    }
  ).data;

function expectLibreError(r: Reply, status: number): string {
  expect({ status: r.status, body: r.json }).toMatchObject({ status, body: { error: expect.any(String) } });
  expect(Object.keys(r.json as object)).toEqual(["error"]);
  expectNoStack(r.text);
  return (r.json as { error: string }).error;
}
const consumed = async (o: TestOrg) =>
  (
    (await call(h, v1Quota.GET, "/v1/quota", { token: o.keys.all?.key })).json as {
      data: { credits: { consumed: number } };
    }
  ).data.credits.consumed;

describe("POST /libretranslate/translate", () => {
  it("answers Weblate's JSON request (api_key, format text) with /v1's translation", async () => {
    const r = await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      json({ q: "The house is big.", source: "en", target: "es", format: "text", api_key: key }),
    );
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ translatedText: (await v1Text("The house is big.", "en", "es")).translation });
  });

  it("answers the form body of Weblate's older backend, and a Bearer header", async () => {
    const viaForm = await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      form({ api_key: key, q: "The cat sleeps.", source: "en", target: "es" }),
    );
    const viaHeader = await call(h, translate.POST, "/libretranslate/translate", {
      ...json({ q: "The cat sleeps.", source: "en", target: "es" }),
      token: key,
    });
    const expected = { translatedText: (await v1Text("The cat sleeps.", "en", "es")).translation };
    expect(viaForm.json).toEqual(expected);
    expect(viaHeader.json).toEqual(expected);
  });

  it("translates an array of q as /v1's batch, and detects source auto", async () => {
    const q = ["The house is big.", "Where is the train station?"];
    const r = await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      json({ q, source: "auto", target: "es", api_key: key }),
    );
    const ref = (
      await call(
        h,
        v1Batch.POST,
        "/v1/translate/batch",
        v1({ strings: { a: q[0], b: q[1] }, source_lang: "en", target_langs: ["es"] }),
      )
    ).json as {
      data: { translations: { es: Record<string, string> } };
    };
    const body = r.json as { translatedText: string[]; detectedLanguage: { language: string; confidence: number }[] };
    expect(body.translatedText).toEqual([ref.data.translations.es.a, ref.data.translations.es.b]);
    expect(body.detectedLanguage).toHaveLength(2);
    expect(body.detectedLanguage[0]?.language).toBe("en");
    expect(body.detectedLanguage[0]?.confidence).toBeGreaterThan(0);
    expect(body.detectedLanguage[0]?.confidence).toBeLessThanOrEqual(100);
  });

  it("answers one translation and an empty alternatives list; html keeps the markup as /v1", async () => {
    const alt = await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      json({ q: "The house is big.", source: "en", target: "es", alternatives: 3, api_key: key }),
    );
    expect(alt.json).toEqual({
      translatedText: (await v1Text("The house is big.", "en", "es")).translation,
      alternatives: [],
    });
    const html = "<p>The house is <b>big</b>.</p>";
    const r = await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      json({ q: html, source: "en", target: "es", format: "html", api_key: key }),
    );
    expect(r.json).toEqual({ translatedText: (await v1Text(html, "en", "es")).translation });
  });

  it("answers a missing or wrong key, and exhausted credits, with 403 {error}", async () => {
    expect(
      expectLibreError(
        await call(h, translate.POST, "/libretranslate/translate", json({ q: "Hi", source: "en", target: "es" })),
        403,
      ),
    ).toMatch(/API key/);
    expectLibreError(
      await call(
        h,
        translate.POST,
        "/libretranslate/translate",
        json({ q: "Hi", source: "en", target: "es", api_key: "svc_wrong" }),
      ),
      403,
    );
    const poor = await h.org({ plan: "enterprise", limits: { monthly_credits: 5 } });
    const r = await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      json({ q: "A longer sentence.", source: "en", target: "es", api_key: poor.keys.all?.key }),
    );
    expect(expectLibreError(r, 403)).toMatch(/needs 18 and 5 are available/);
    expect(await consumed(poor)).toBe(0);
  });

  it("needs the translate scope (403) and answers bad input with 400 {error}", async () => {
    expect(
      expectLibreError(
        await call(
          h,
          translate.POST,
          "/libretranslate/translate",
          json({ q: "Hi", source: "en", target: "es", api_key: org.keys.read?.key }),
        ),
        403,
      ),
    ).toMatch(/scope/);
    const bad = [
      { source: "en", target: "es" },
      { q: "Hi", source: "en" },
      { q: "Hi", source: "en", target: "xx" },
      { q: "Hi", source: "en", target: "es", format: "pdf" },
      { q: "Hi", source: "en", target: "en" },
    ];
    for (const body of bad)
      expectLibreError(
        await call(h, translate.POST, "/libretranslate/translate", json({ ...body, api_key: key })),
        400,
      );
  });

  it("one q takes from the translate bucket, several from segment; 429 {error} beyond", async () => {
    const o = await h.org({ plan: "enterprise", limits: { translate_per_min: 1, segment_per_min: 1 } });
    const k = o.keys.all?.key;
    await ensureWindowLeft(h, 10);
    const one = json({ q: "The house.", source: "en", target: "es", api_key: k });
    const two = () => json({ q: ["The house.", "The cat."], source: "en", target: "es", api_key: k });
    expect((await call(h, translate.POST, "/libretranslate/translate", one)).status).toBe(200);
    expect((await call(h, translate.POST, "/libretranslate/translate", two())).status).toBe(200);
    const third = await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      json({ q: "The house.", source: "en", target: "es", api_key: k }),
    );
    expect(expectLibreError(third, 429)).toMatch(/translate/);
    expect(expectLibreError(await call(h, translate.POST, "/libretranslate/translate", two()), 429)).toMatch(/segment/);
  });

  it("bills and records usage exactly as the same /v1 call (/v1/usage, /v1/quota, the console's daily usage)", async () => {
    const viaLibre = await h.org();
    const viaV1 = await h.org();
    const text = "The cat sleeps on the sofa.";
    await call(
      h,
      translate.POST,
      "/libretranslate/translate",
      json({ q: text, source: "en", target: "es", api_key: viaLibre.keys.all?.key }),
    );
    await v1Text(text, "en", "es", viaV1.keys.all?.key);
    const usageOf = async (o: TestOrg) =>
      ((await call(h, v1Usage.GET, "/v1/usage", { token: o.keys.all?.key })).json as { data: unknown }).data;
    expect(await usageOf(viaLibre)).toEqual(await usageOf(viaV1));
    expect(await consumed(viaLibre)).toBe(await consumed(viaV1));
    expect(await consumed(viaLibre)).toBeGreaterThan(0);
    // Each organization's own key made its requests: compare the figures, not the keys.
    const daily = async (o: TestOrg) => {
      const usage = await getDailyUsage(h.app.domain, { orgId: o.orgId });
      expect(usage.rows.every((r) => r.keyId === o.keys.all?.id)).toBe(true);
      return {
        ...usage,
        rows: usage.rows.map(({ keyId: _id, keyName: _name, keyHint: _hint, ...figures }) => figures),
      };
    };
    expect(await daily(viaLibre)).toEqual(await daily(viaV1));
  });
});

describe("languages, detect, files, settings", () => {
  it("GET /libretranslate/languages needs no key and agrees with GET /v1/languages", async () => {
    const r = await call(h, languages.GET, "/libretranslate/languages", { ip: randomIp() });
    expect(r.status).toBe(200);
    const list = r.json as { code: string; name: string; targets: string[] }[];
    const v1l = (await call(h, v1Languages.GET, "/v1/languages", { token: key })).json as {
      data: { languages: { code: string; name: string; targets: string[] }[] };
    };
    const known = new Set(v1l.data.languages.map((l) => l.code));
    const expected = v1l.data.languages
      .map((l) => ({ code: l.code, name: l.name, targets: l.targets.filter((t) => known.has(t)) }))
      .filter((l, _, all) => l.targets.length > 0 || all.some((o) => o.targets.includes(l.code)));
    expect(list).toEqual(expected);
    expect(list.find((l) => l.code === "en")?.targets).toContain("es");
  });

  it("POST /libretranslate/detect answers Tolk's identification; an inconclusive text lists nothing", async () => {
    const r = await call(
      h,
      detect.POST,
      "/libretranslate/detect",
      json({ q: "Where is the train station? I would like to buy a ticket.", api_key: key }),
    );
    const [best] = r.json as { language: string; confidence: number }[];
    expect(best?.language).toBe("en");
    expect(best?.confidence).toBeGreaterThan(50);
    expect((await call(h, detect.POST, "/libretranslate/detect", json({ q: "OK", api_key: key }))).json).toEqual([]);
    expectLibreError(await call(h, detect.POST, "/libretranslate/detect", json({ q: "Hello there" })), 403);
  });

  it("POST /libretranslate/translate_file answers a pre-signed link to the translated file", async () => {
    const o = await h.org();
    const body = new FormData();
    body.append("source", "en");
    body.append("target", "es");
    body.append("api_key", o.keys.all?.key ?? "");
    body.append("file", new Blob(["The house is big.\n"], { type: "text/plain" }), "note.txt");
    const r = await call(h, translateFile.POST, "/libretranslate/translate_file", { method: "POST", body });
    expect(r.status).toBe(200);
    const url = new URL((r.json as { translatedFileUrl: string }).translatedFileUrl);
    const jobId = url.pathname.split("/")[3] ?? "";
    const file = await call(h, v1Download.GET, `${url.pathname}${url.search}`, { params: { job_id: jobId } });
    expect(file.status).toBe(200);
    expect(file.text).toBe("La casa es grande.\n");
    expect(await consumed(o)).toBeGreaterThan(0);

    // source auto: the file's language is detected from its text.
    const auto = new FormData();
    auto.append("source", "auto");
    auto.append("target", "en");
    auto.append("file", new Blob(["La casa es grande y el jardín es muy bonito.\n"]), "nota.txt");
    const detected = await call(h, translateFile.POST, "/libretranslate/translate_file", {
      method: "POST",
      body: auto,
      token: key,
    });
    expect(detected.status).toBe(200);
    const autoUrl = new URL((detected.json as { translatedFileUrl: string }).translatedFileUrl);
    const autoFile = await call(h, v1Download.GET, `${autoUrl.pathname}${autoUrl.search}`, {
      params: { job_id: autoUrl.pathname.split("/")[3] ?? "" },
    });
    expect(autoFile.text).toMatch(/house/i);
  });

  it("GET /libretranslate/frontend/settings gives the fields clients read", async () => {
    const anonymous = (await call(h, settings.GET, "/libretranslate/frontend/settings", { ip: randomIp() }))
      .json as Record<string, unknown>;
    expect(anonymous).toMatchObject({ apiKeys: true, keyRequired: true, filesTranslation: true, charLimit: 5_000 });
    expect(anonymous.supportedFilesFormat).toEqual(expect.arrayContaining([".txt", ".docx"]));
    const starter = (await call(h, settings.GET, `/libretranslate/frontend/settings?api_key=${key}`, {}))
      .json as Record<string, unknown>;
    expect(starter.charLimit).toBe(20_000);
  });

  it("answers unknown paths 404 and wrong methods 405 with {error}", async () => {
    expectLibreError(await call(h, catchAll.GET, "/libretranslate/nope", { params: { path: ["nope"] } }), 404);
    const r = await call(h, translate.GET, "/libretranslate/translate", { token: key });
    expectLibreError(r, 405);
    expect(header(r, "allow")).toBe("POST");
  });
});
