// Source-language detection where DeepL has it, through the route handlers on the real Apertium:
// a text too short to identify ("OK", "Hi") is translated from the default source language
// (TOLK_DEFAULT_SOURCE_LANG, English) and the answer says so; and DeepL's model_type and
// split_sentences as deepl-node sends them.
import { updateOrganizationSettings } from "@tolk/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as libreTranslate from "../app/libretranslate/translate/route";
import * as v2Translate from "../app/v2/translate/route";
import * as v1Batch from "../app/v1/translate/batch/route";
import * as v1Translate from "../app/v1/translate/route";
import { type Harness, type Reply, call, startApp } from "./helpers";

let h: Harness;
let key = "";
beforeAll(async () => {
  h = await startApp();
  key = (await h.org()).keys.all?.key ?? "";
});
afterAll(() => h.close());

const deepl = (fields: [string, string][]) =>
  call(h, v2Translate.POST, "/v2/translate", {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", Authorization: `DeepL-Auth-Key ${key}` },
  });
const v1 = (handler: typeof v1Translate.POST, path: string, body: unknown) =>
  call(h, handler, path, {
    method: "POST",
    token: key,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
const translations = (r: Reply) =>
  (r.json as { translations: { text: string; detected_source_language: string; model_type_used?: string }[] })
    .translations;

describe("the organization's default source language", () => {
  it("replaces the deployment's once an admin sets it, is said in the warning, and none refuses with a 400", async () => {
    const org = await h.org();
    const orgKey = org.keys.all?.key ?? "";
    const post = (text: string, target: string) =>
      call(h, v1Translate.POST, "/v1/translate", {
        method: "POST",
        token: orgKey,
        body: JSON.stringify({ text, target_lang: target }),
        headers: { "content-type": "application/json" },
      });
    const settings = (defaultSourceLang: string | null) =>
      updateOrganizationSettings(h.app.domain, {
        orgId: org.orgId,
        name: "Default source",
        idpOrgId: null,
        defaultSourceLang,
      });
    expect((await post("OK", "es")).json).toMatchObject({ data: { source_lang: "en" } });

    expect(await settings("ES-es")).toMatchObject({ defaultSourceLang: "es" });
    const spanish = await post("OK", "en");
    expect(spanish.status).toBe(200);
    const data = (spanish.json as { data: { source_lang: string; warnings?: string[] } }).data;
    expect(data.source_lang).toBe("es");
    expect(data.warnings?.[0]).toMatch(/taken as es, the default source language.*organization's default/);
    // A text that is identified is not affected.
    expect((await post("The house is big and the garden is beautiful.", "es")).json).toMatchObject({
      data: { source_lang: "en" },
    });

    await settings("none");
    const refused = await post("OK", "es");
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: { param: "source_lang" } });

    await settings(null);
    expect((await post("OK", "es")).json).toMatchObject({ data: { source_lang: "en" } });
    await expect(settings("klingon")).rejects.toMatchObject({ status: 400, extra: { param: "default_source_lang" } });
  });
});

describe("a text too short to identify", () => {
  it("is translated from English on /v2 (deepl-node's translateText('OK', null, 'es')), said in detected_source_language", async () => {
    for (const text of ["OK", "Hi"]) {
      const r = await deepl([
        ["text", text],
        ["target_lang", "ES"],
      ]);
      expect(r.status, text).toBe(200);
      expect(translations(r)[0]?.detected_source_language).toBe("EN");
    }
    const both = await deepl([
      ["text", "OK"],
      ["text", "Save"],
      ["target_lang", "ES"],
    ]);
    expect(translations(both).map((t) => t.detected_source_language)).toEqual(["EN", "EN"]);
  });

  it("carries a warning on /v1, single and batch", async () => {
    const one = await v1(v1Translate.POST, "/v1/translate", { text: "Hi", target_lang: "es" });
    expect(one.status).toBe(200);
    const data = (one.json as { data: { source_lang: string; warnings?: string[] } }).data;
    expect(data.source_lang).toBe("en");
    expect(data.warnings?.[0]).toMatch(/could not be detected.*taken as en, the default source language/);
    const batch = await v1(v1Batch.POST, "/v1/translate/batch", {
      strings: { a: "OK", b: "Hi" },
      target_langs: ["es"],
    });
    expect(batch.status).toBe(200);
    expect((batch.json as { data: { warnings?: string[] } }).data.warnings?.[0]).toMatch(/default source language/);
    // A text that is identified carries no such warning.
    const clear = await v1(v1Translate.POST, "/v1/translate", {
      text: "The house is big and the garden is beautiful.",
      target_lang: "es",
    });
    expect((clear.json as { data: { warnings?: string[] } }).data.warnings).toBeUndefined();
  });

  it("is translated on LibreTranslate with source auto, reporting en with confidence 0", async () => {
    const r = await call(h, libreTranslate.POST, "/libretranslate/translate", {
      method: "POST",
      body: JSON.stringify({ q: "OK", source: "auto", target: "es", api_key: key }),
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(200);
    expect((r.json as { detectedLanguage: unknown }).detectedLanguage).toEqual({ language: "en", confidence: 0 });
  });

  it("is still a 400 asking for source_lang when the default is the target itself", async () => {
    const r = await deepl([
      ["text", "OK"],
      ["target_lang", "EN-GB"],
    ]);
    expect(r.status).toBe(400);
    expect((r.json as { message: string }).message).toMatch(/Set source_lang/);
  });
});

describe("model_type and split_sentences", () => {
  it("answers model_type_used when model_type is sent, and refuses an unknown model_type", async () => {
    const base: [string, string][] = [
      ["text", "The house is big."],
      ["source_lang", "EN"],
      ["target_lang", "ES"],
    ];
    expect(translations(await deepl([...base, ["model_type", "latency_optimized"]]))[0]?.model_type_used).toBe(
      "latency_optimized",
    );
    expect(translations(await deepl([...base, ["model_type", "prefer_quality_optimized"]]))[0]?.model_type_used).toBe(
      "quality_optimized",
    );
    expect(translations(await deepl(base))[0]).not.toHaveProperty("model_type_used");
    const bad = await deepl([...base, ["model_type", "fastest"]]);
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toMatch(/model_type/);
  });

  it("with split_sentences nonewlines (or 0) reads a line break inside a sentence as a space", async () => {
    const text = (split?: string) =>
      deepl([
        ["text", "The house\nis big."],
        ["source_lang", "EN"],
        ["target_lang", "ES"],
        ...(split ? [["split_sentences", split] as [string, string]] : []),
      ]);
    const flowing = translations(
      await deepl([
        ["text", "The house is big."],
        ["source_lang", "EN"],
        ["target_lang", "ES"],
      ]),
    )[0]?.text;
    expect(translations(await text("nonewlines"))[0]?.text).toBe(flowing);
    expect(translations(await text("0"))[0]?.text).toBe(flowing);
    expect(translations(await text())[0]?.text).toContain("\n");
  });
});
