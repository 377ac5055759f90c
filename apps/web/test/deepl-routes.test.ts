// The DeepL API v2 layer (/v2/*) through its route handlers, on the real Apertium: DeepL's wire
// (auth header, form and JSON bodies, {"message"} errors, 403 and 456), and results, credits,
// usage, scopes and rate-limit buckets that are exactly /v1's.
import { getDailyUsage } from "@tolk/domain";
import { type TestOrg } from "@tolk/domain/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as catchAll from "../app/v2/[...path]/route";
import * as documentResult from "../app/v2/document/[id]/result/route";
import * as documentStatus from "../app/v2/document/[id]/route";
import * as documentUpload from "../app/v2/document/route";
import * as glossary from "../app/v2/glossaries/[id]/route";
import * as glossaryEntries from "../app/v2/glossaries/[id]/entries/route";
import * as glossaries from "../app/v2/glossaries/route";
import * as pairs from "../app/v2/glossary-language-pairs/route";
import * as languages from "../app/v2/languages/route";
import * as translate from "../app/v2/translate/route";
import * as usage from "../app/v2/usage/route";
import * as v1BrandVoices from "../app/v1/brand-voices/route";
import * as v1Batch from "../app/v1/translate/batch/route";
import * as v1Languages from "../app/v1/languages/route";
import * as v1Quota from "../app/v1/quota/route";
import * as v1Translate from "../app/v1/translate/route";
import * as v1Usage from "../app/v1/usage/route";
import {
  type Harness,
  type Reply,
  call,
  ensureWindowLeft,
  expectNoStack,
  header,
  makeRequest,
  reply,
  startApp,
} from "./helpers";

let h: Harness;
let org: TestOrg;
let key: string;
beforeAll(async () => {
  h = await startApp();
  org = await h.org();
  key = org.keys.all?.key ?? "";
});
afterAll(() => h.close());

const deeplAuth = (k: string) => ({ Authorization: `DeepL-Auth-Key ${k}` });
const form = (fields: [string, string][], k: string | null = key) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", ...(k ? deeplAuth(k) : {}) },
});
const json = (body: unknown, k: string = key) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", ...deeplAuth(k) },
});
const v1 = (body: unknown, k: string = key) => ({
  method: "POST",
  token: k,
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

/** A DeepL error: the status, `{"message": ...}` and nothing of Tolk's envelope or a stack. */
function expectDeeplError(r: Reply, status: number): string {
  expect({ status: r.status, body: r.json }).toMatchObject({ status, body: { message: expect.any(String) } });
  expect(Object.keys(r.json as object)).toEqual(["message"]);
  expect(header(r, "x-request-id")).toBeTruthy();
  expectNoStack(r.text);
  return (r.json as { message: string }).message;
}

interface TextResult {
  detected_source_language: string;
  text: string;
  billed_characters?: number;
}
const translations = (r: Reply) => (r.json as { translations: TextResult[] }).translations;
const consumed = async (o: TestOrg) =>
  (
    (await call(h, v1Quota.GET, "/v1/quota", { token: o.keys.all?.key })).json as {
      data: { credits: { consumed: number } };
    }
  ).data.credits.consumed;

describe("authentication", () => {
  it("takes DeepL-Auth-Key, Bearer and the legacy auth_key field", async () => {
    const fields: [string, string][] = [
      ["text", "The house is big."],
      ["target_lang", "ES"],
      ["source_lang", "EN"],
    ];
    const viaHeader = await call(h, translate.POST, "/v2/translate", form(fields));
    const viaBearer = await call(h, translate.POST, "/v2/translate", { ...form(fields, null), token: key });
    const viaField = await call(h, translate.POST, "/v2/translate", form([...fields, ["auth_key", key]], null));
    for (const r of [viaHeader, viaBearer, viaField]) {
      expect(r.status).toBe(200);
      expect(translations(r)).toEqual([{ detected_source_language: "EN", text: "La casa es grande." }]);
    }
  });

  it("answers a missing or wrong key with 403 and {message}, as DeepL", async () => {
    const fields: [string, string][] = [
      ["text", "Hi"],
      ["target_lang", "ES"],
    ];
    expectDeeplError(await call(h, translate.POST, "/v2/translate", form(fields, null)), 403);
    expectDeeplError(await call(h, translate.POST, "/v2/translate", form(fields, "svc_not_a_real_key")), 403);
    expectDeeplError(await call(h, usage.GET, "/v2/usage", { headers: deeplAuth("svc_wrong") }), 403);
  });

  it("needs the translate scope to translate and write to create a glossary (403)", async () => {
    const readKey = org.keys.read?.key ?? "";
    expect(
      expectDeeplError(
        await call(
          h,
          translate.POST,
          "/v2/translate",
          form(
            [
              ["text", "Hi"],
              ["target_lang", "ES"],
            ],
            readKey,
          ),
        ),
        403,
      ),
    ).toMatch(/scope/);
    const translateKey = org.keys.translate?.key ?? "";
    const create = form(
      [
        ["name", "g"],
        ["source_lang", "en"],
        ["target_lang", "es"],
        ["entries", "house\tcasa"],
        ["entries_format", "tsv"],
      ],
      translateKey,
    );
    expect(expectDeeplError(await call(h, glossaries.POST, "/v2/glossaries", create), 403)).toMatch(/write/);
  });
});

describe("POST /v2/translate", () => {
  it("gives /v1's translation and bills /v1's credits for one text (form, DeepL codes)", async () => {
    const o = await h.org();
    const k = o.keys.all?.key ?? "";
    const r = await call(
      h,
      translate.POST,
      "/v2/translate",
      form(
        [
          ["text", "The cat sleeps on the sofa."],
          ["target_lang", "ES"],
          ["show_billed_characters", "1"],
        ],
        k,
      ),
    );
    expect(r.status).toBe(200);
    const [only] = translations(r);
    const ref = (
      await call(
        h,
        v1Translate.POST,
        "/v1/translate",
        v1({ text: "The cat sleeps on the sofa.", source_lang: "en", target_lang: "es" }, k),
      )
    ).json as {
      data: { translation: string; credits_used: number };
    };
    expect(only).toEqual({
      detected_source_language: "EN",
      text: ref.data.translation,
      billed_characters: ref.data.credits_used,
    });
    // Both calls billed the same.
    expect(await consumed(o)).toBe(2 * ref.data.credits_used);
  });

  it("maps regional targets (EN-US, EN-GB, PT-BR) to the base language", async () => {
    for (const target of ["EN-US", "en-gb"]) {
      const r = await call(
        h,
        translate.POST,
        "/v2/translate",
        form([
          ["text", "La casa es grande."],
          ["source_lang", "ES"],
          ["target_lang", target],
        ]),
      );
      expect(translations(r)[0]?.text).toBe("The house is big.");
    }
    const pt = await call(
      h,
      translate.POST,
      "/v2/translate",
      form([
        ["text", "La casa es grande."],
        ["source_lang", "ES"],
        ["target_lang", "PT-BR"],
      ]),
    );
    const ref = (
      await call(
        h,
        v1Translate.POST,
        "/v1/translate",
        v1({ text: "La casa es grande.", source_lang: "es", target_lang: "pt" }),
      )
    ).json as {
      data: { translation: string };
    };
    expect(translations(pt)[0]?.text).toBe(ref.data.translation);
  });

  it("translates repeated text fields and a JSON array as /v1's batch does, billed per text", async () => {
    const texts = ["The house is big.", "The cat sleeps on the sofa.", "Where is the station?"];
    const viaForm = await call(
      h,
      translate.POST,
      "/v2/translate",
      form([
        ...texts.map((t): [string, string] => ["text", t]),
        ["target_lang", "ES"],
        ["show_billed_characters", "true"],
      ]),
    );
    const viaJson = await call(
      h,
      translate.POST,
      "/v2/translate",
      json({ text: texts, target_lang: "ES", show_billed_characters: true }),
    );
    const ref = (
      await call(
        h,
        v1Batch.POST,
        "/v1/translate/batch",
        v1({ strings: { a: texts[0], b: texts[1], c: texts[2] }, source_lang: "en", target_langs: ["es"] }),
      )
    ).json as {
      data: { translations: { es: Record<string, string> }; total_credits_used: number };
    };
    const expected = [ref.data.translations.es.a, ref.data.translations.es.b, ref.data.translations.es.c];
    for (const r of [viaForm, viaJson]) {
      expect(r.status).toBe(200);
      const out = translations(r);
      expect(out.map((t) => t.text)).toEqual(expected);
      expect(out.every((t) => t.detected_source_language === "EN")).toBe(true);
      expect(out.reduce((s, t) => s + (t.billed_characters ?? 0), 0)).toBe(ref.data.total_credits_used);
    }
  });

  it("answers the JSON request Weblate's DeepL backend sends (xml tags, ignore_tags list, context)", async () => {
    const texts = ['Delete <x id="7"></x> files?', "The house is big."];
    const r = await call(
      h,
      translate.POST,
      "/v2/translate",
      json({
        text: texts,
        source_lang: "EN",
        target_lang: "ES",
        formality: "default",
        tag_handling: "xml",
        ignore_tags: ["x"],
        context: "A confirmation dialog.",
      }),
    );
    expect(r.status).toBe(200);
    const ref = (
      await call(
        h,
        v1Batch.POST,
        "/v1/translate/batch",
        v1({ strings: { a: texts[0], b: texts[1] }, source_lang: "en", target_langs: ["es"] }),
      )
    ).json as {
      data: { translations: { es: Record<string, string> } };
    };
    expect(translations(r).map((t) => t.text)).toEqual([ref.data.translations.es.a, ref.data.translations.es.b]);
    expect(translations(r)[0]?.text).toContain('<x id="7"></x>');
  });

  it("applies formality as a brand voice's formality", async () => {
    const text = "Your house is big.";
    const ask = async (formality?: string) => {
      const r = await call(
        h,
        translate.POST,
        "/v2/translate",
        form([
          ["text", text],
          ["source_lang", "EN"],
          ["target_lang", "ES"],
          ...(formality ? [["formality", formality] as [string, string]] : []),
        ]),
      );
      expect(r.status).toBe(200);
      return translations(r)[0]?.text;
    };
    const withVoice = async (formality: string) => {
      const voice = (
        await call(h, v1BrandVoices.POST, "/v1/brand-voices", v1({ name: `voice ${formality}`, formality }))
      ).json as { data: { id: string } };
      const r = (
        await call(
          h,
          v1Translate.POST,
          "/v1/translate",
          v1({ text, source_lang: "en", target_lang: "es", brand_voice_id: voice.data.id }),
        )
      ).json as {
        data: { translation: string };
      };
      return r.data.translation;
    };
    const plain = (await call(h, v1Translate.POST, "/v1/translate", v1({ text, source_lang: "en", target_lang: "es" })))
      .json as {
      data: { translation: string };
    };
    const formal = await ask("more");
    const informal = await ask("prefer_less");
    expect(formal).toBe(await withVoice("Formal"));
    expect(informal).toBe(await withVoice("Informal"));
    expect(formal).not.toBe(informal);
    expect(await ask("default")).toBe(plain.data.translation);
    expect(await ask()).toBe(plain.data.translation);
  });

  it("formality sets the address with Apertium: verbs, pronouns and possessives, on a pivot's last leg too", async () => {
    const text = ["Do you have a car?", "You can change your password."];
    const ask = async (target: string, formality?: string) => {
      const r = await call(
        h,
        translate.POST,
        "/v2/translate",
        json({ text, source_lang: "EN", target_lang: target, ...(formality ? { formality } : {}) }),
      );
      expect(r.status).toBe(200);
      return translations(r).map((t) => t.text);
    };
    expect(await ask("ES")).toEqual(["Tienes un coche?", "Puedes cambiar vuestra contraseña."]);
    expect(await ask("ES", "default")).toEqual(await ask("ES"));
    expect(await ask("ES", "more")).toEqual(["Tiene usted un coche?", "Usted puede cambiar su contraseña."]);
    expect(await ask("ES", "prefer_less")).toEqual(["Tienes un coche?", "Puedes cambiar tu contraseña."]);
    // en→fr goes through Spanish; the address is set on the French.
    expect(await ask("FR", "prefer_more")).toEqual([
      "Vous avez une voiture?",
      "Vous pouvez changer votre mot de passe.",
    ]);
    expect(await ask("FR", "less")).toEqual(["Tu as une voiture?", "Tu peux changer ton mot de passe."]);
    expect(await ask("IT", "more")).toEqual(["Lei ha una macchina?", "Lei può cambiare la sua password."]);
    // Markup and placeholders are never rewritten, whatever words they hold.
    const marked = await call(
      h,
      translate.POST,
      "/v2/translate",
      json({
        text: ['Do you have <x id="1"></x> cars? <b title="te tu">Your</b> house.'],
        source_lang: "EN",
        target_lang: "ES",
        formality: "more",
        tag_handling: "xml",
      }),
    );
    const markedText = translations(marked)[0]?.text ?? "";
    expect(markedText).toContain('<x id="1"></x>');
    expect(markedText).toContain('<b title="te tu">');
    expect(markedText).toMatch(/^Tiene usted /);
    const tgt = (await call(h, languages.GET, "/v2/languages?type=target", { headers: deeplAuth(key) })).json as {
      language: string;
      supports_formality: boolean;
    }[];
    const formal = tgt.filter((l) => l.supports_formality).map((l) => l.language);
    expect(formal.sort()).toEqual(["CA", "ES", "FR", "IT", "PT-BR", "PT-PT"]);
  });

  it("keeps markup with tag_handling xml/html, as /v1 does", async () => {
    const text = "<p>The house is <b>big</b>.</p>";
    const ref = (await call(h, v1Translate.POST, "/v1/translate", v1({ text, source_lang: "en", target_lang: "es" })))
      .json as {
      data: { translation: string };
    };
    for (const tagHandling of ["xml", "html"]) {
      const r = await call(
        h,
        translate.POST,
        "/v2/translate",
        form([
          ["text", text],
          ["source_lang", "EN"],
          ["target_lang", "ES"],
          ["tag_handling", tagHandling],
          ["ignore_tags", "x"],
        ]),
      );
      expect(translations(r)[0]?.text).toBe(ref.data.translation);
    }
    expect(ref.data.translation).toContain("<b>");
  });

  it("keeps the content of ignore_tags elements as written, and translates the rest", async () => {
    const text = "<p>The house is big. <code>The house is big.</code></p>";
    const r = await call(
      h,
      translate.POST,
      "/v2/translate",
      form([
        ["text", text],
        ["source_lang", "EN"],
        ["target_lang", "ES"],
        ["tag_handling", "xml"],
        ["ignore_tags", "code,var"],
      ]),
    );
    expect(r.status, r.text).toBe(200);
    expect(translations(r)[0]?.text).toBe("<p>La casa es grande. <code>The house is big.</code></p>");
    // Without tag_handling the list means nothing, as on DeepL.
    const plain = await call(
      h,
      translate.POST,
      "/v2/translate",
      form([
        ["text", text],
        ["source_lang", "EN"],
        ["target_lang", "ES"],
        ["ignore_tags", "code"],
      ]),
    );
    expect(translations(plain)[0]?.text).toBe("<p>La casa es grande. <code>La casa es grande.</code></p>");
  });

  it("answers bad input with 400 and {message}, billing nothing", async () => {
    const o = await h.org();
    const k = o.keys.all?.key ?? "";
    const cases: [string, string][][] = [
      [["target_lang", "ES"]],
      [["text", "Hi"]],
      [
        ["text", "Hi"],
        ["target_lang", "XX"],
      ],
      [
        ["text", "Hi"],
        ["target_lang", "ES"],
        ["formality", "very"],
      ],
      [
        ["text", "Hi"],
        ["target_lang", "ES"],
        ["tag_handling", "json"],
      ],
      [
        ["text", "The house is big."],
        ["source_lang", "EN"],
        ["target_lang", "ES"],
        ["glossary_id", "gls_missing"],
      ],
    ];
    for (const fields of cases) expectDeeplError(await call(h, translate.POST, "/v2/translate", form(fields, k)), 400);
    const bad = await call(h, translate.POST, "/v2/translate", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json", ...deeplAuth(k) },
    });
    expectDeeplError(bad, 400);
    expect(await consumed(o)).toBe(0);
  });

  it("answers 456 when the credits are exhausted, as DeepL", async () => {
    const o = await h.org({ plan: "enterprise", limits: { monthly_credits: 5 } });
    const r = await call(
      h,
      translate.POST,
      "/v2/translate",
      form(
        [
          ["text", "A longer sentence."],
          ["source_lang", "EN"],
          ["target_lang", "ES"],
        ],
        o.keys.all?.key,
      ),
    );
    expect(expectDeeplError(r, 456)).toMatch(/Quota exceeded.*needs 18 and 5 are available/);
  });

  it("takes one text from the translate bucket and several from the segment bucket", async () => {
    const o = await h.org({ plan: "enterprise", limits: { translate_per_min: 1, segment_per_min: 1 } });
    const k = o.keys.all?.key ?? "";
    await ensureWindowLeft(h, 10);
    const one = (): [string, string][] => [
      ["text", "The house is big."],
      ["source_lang", "EN"],
      ["target_lang", "ES"],
    ];
    const two = (): [string, string][] => [
      ["text", "The house."],
      ["text", "The cat."],
      ["source_lang", "EN"],
      ["target_lang", "ES"],
    ];
    expect((await call(h, translate.POST, "/v2/translate", form(one(), k))).status).toBe(200);
    expect((await call(h, translate.POST, "/v2/translate", form(two(), k))).status).toBe(200);
    const third = await call(h, translate.POST, "/v2/translate", form(one(), k));
    expect(expectDeeplError(third, 429)).toMatch(/translate/);
    expect(header(third, "retry-after")).toMatch(/^\d+$/);
    expect(expectDeeplError(await call(h, translate.POST, "/v2/translate", form(two(), k)), 429)).toMatch(/segment/);
  });
});

describe("usage, languages and glossary pairs", () => {
  it("GET|POST /v2/usage: the period's consumed credits of its limit, as /v1/quota", async () => {
    const o = await h.org({ topUp: 1_000 });
    const k = o.keys.all?.key ?? "";
    const r = await call(
      h,
      translate.POST,
      "/v2/translate",
      form(
        [
          ["text", "The house is big."],
          ["source_lang", "EN"],
          ["target_lang", "ES"],
          ["show_billed_characters", "1"],
        ],
        k,
      ),
    );
    const billed = translations(r)[0]?.billed_characters ?? 0;
    expect(billed).toBeGreaterThan(0);
    for (const method of ["GET", "POST"] as const) {
      const u = await call(h, usage[method], "/v2/usage", { method, headers: deeplAuth(o.keys.translate?.key ?? "") });
      expect(u.json).toEqual({ character_count: billed, character_limit: 200_000 + 1_000 });
    }
  });

  it("bills and records usage exactly as the same /v1 calls (/v1/usage, /v1/quota, the console's daily usage)", async () => {
    const viaDeepl = await h.org();
    const viaV1 = await h.org();
    const texts = ["The cat sleeps on the sofa.", "Where is the station?"];
    await call(
      h,
      translate.POST,
      "/v2/translate",
      form(
        [
          ["text", texts[0] ?? ""],
          ["source_lang", "EN"],
          ["target_lang", "ES"],
        ],
        viaDeepl.keys.all?.key,
      ),
    );
    await call(
      h,
      translate.POST,
      "/v2/translate",
      json({ text: texts, source_lang: "EN", target_lang: "ES" }, viaDeepl.keys.all?.key ?? ""),
    );
    await call(
      h,
      v1Translate.POST,
      "/v1/translate",
      v1({ text: texts[0], source_lang: "en", target_lang: "es" }, viaV1.keys.all?.key),
    );
    await call(
      h,
      v1Batch.POST,
      "/v1/translate/batch",
      v1({ strings: { a: texts[0], b: texts[1] }, source_lang: "en", target_langs: ["es"] }, viaV1.keys.all?.key),
    );
    const usageOf = async (o: TestOrg) =>
      ((await call(h, v1Usage.GET, "/v1/usage", { token: o.keys.all?.key })).json as { data: unknown }).data;
    expect(await usageOf(viaDeepl)).toEqual(await usageOf(viaV1));
    expect(await consumed(viaDeepl)).toBe(await consumed(viaV1));
    expect(await consumed(viaDeepl)).toBeGreaterThan(0);
    // Each organization's own key made its requests: compare the figures, not the keys.
    const daily = async (o: TestOrg) => {
      const usage = await getDailyUsage(h.app.domain, { orgId: o.orgId });
      expect(usage.rows.every((r) => r.keyId === o.keys.all?.id)).toBe(true);
      return {
        ...usage,
        rows: usage.rows.map(({ keyId: _id, keyName: _name, keyHint: _hint, ...figures }) => figures),
      };
    };
    expect(await daily(viaDeepl)).toEqual(await daily(viaV1));
  });

  it("GET /v2/languages lists /v1's languages in DeepL's codes, with supports_formality for targets", async () => {
    const v1l = (await call(h, v1Languages.GET, "/v1/languages", { token: key })).json as {
      data: { languages: { code: string; targets: string[] }[] };
    };
    // Targets an engine reports that are not in Tolk's catalog (Apertium's "an", "sc") cannot be
    // requested on /v1 either (400), so the compatibility lists leave them out.
    const known = new Set(v1l.data.languages.map((l) => l.code));
    const sources = v1l.data.languages.filter((l) => l.targets.length > 0).map((l) => l.code.toUpperCase());
    const targets = new Set(v1l.data.languages.flatMap((l) => l.targets).filter((t) => known.has(t)));
    const src = (await call(h, languages.GET, "/v2/languages", { headers: deeplAuth(key) })).json as {
      language: string;
      name: string;
    }[];
    expect(src.map((l) => l.language)).toEqual(sources);
    const tgt = (await call(h, languages.GET, "/v2/languages?type=target", { headers: deeplAuth(key) })).json as {
      language: string;
      supports_formality: boolean;
    }[];
    const base = new Set(tgt.map((l) => l.language.split("-")[0]?.toLowerCase()));
    expect(base).toEqual(targets);
    expect(tgt.map((l) => l.language)).toEqual(expect.arrayContaining(["EN-GB", "EN-US", "ES"]));
    expect(tgt.map((l) => l.language)).not.toContain("EN");
    expect(tgt.find((l) => l.language === "ES")?.supports_formality).toBe(true);
    expect(tgt.find((l) => l.language === "EN-US")?.supports_formality).toBe(false);
    expectDeeplError(await call(h, languages.GET, "/v2/languages?type=both", { headers: deeplAuth(key) }), 400);
  });

  it("GET /v2/glossary-language-pairs lists the pairs Tolk translates", async () => {
    const r = (await call(h, pairs.GET, "/v2/glossary-language-pairs", { headers: deeplAuth(key) })).json as {
      supported_languages: unknown[];
    };
    expect(r.supported_languages).toContainEqual({ source_lang: "en", target_lang: "es" });
  });
});

describe("glossaries", () => {
  it("creates from TSV or CSV, lists, gets, gives entries as TSV, applies like /v1's, deletes", async () => {
    const o = await h.org();
    const k = o.keys.all?.key ?? "";
    const created = await call(
      h,
      glossaries.POST,
      "/v2/glossaries",
      form(
        [
          ["name", "Homes"],
          ["source_lang", "en"],
          ["target_lang", "es"],
          ["entries", "house\tmorada\ncat\tminino"],
          ["entries_format", "tsv"],
        ],
        k,
      ),
    );
    expect(created.status).toBe(201);
    const g = created.json as {
      glossary_id: string;
      ready: boolean;
      entry_count: number;
      creation_time: string;
      name: string;
      source_lang: string;
      target_lang: string;
    };
    expect(g).toMatchObject({ name: "Homes", ready: true, source_lang: "en", target_lang: "es", entry_count: 2 });
    expect(Number.isNaN(Date.parse(g.creation_time))).toBe(false);
    const csv = await call(
      h,
      glossaries.POST,
      "/v2/glossaries",
      form(
        [
          ["name", "CSV"],
          ["source_lang", "EN"],
          ["target_lang", "ES"],
          ["entries", "dog,perrito"],
          ["entries_format", "csv"],
        ],
        k,
      ),
    );
    expect((csv.json as { entry_count: number }).entry_count).toBe(1);

    const list = (await call(h, glossaries.GET, "/v2/glossaries", { headers: deeplAuth(k) })).json as {
      glossaries: { glossary_id: string }[];
    };
    expect(list.glossaries.map((x) => x.glossary_id)).toEqual([
      g.glossary_id,
      (csv.json as { glossary_id: string }).glossary_id,
    ]);
    const one = await call(h, glossary.GET, `/v2/glossaries/${g.glossary_id}`, {
      headers: deeplAuth(k),
      params: { id: g.glossary_id },
    });
    expect(one.json).toEqual(g);
    const entries = await call(h, glossaryEntries.GET, `/v2/glossaries/${g.glossary_id}/entries`, {
      headers: deeplAuth(k),
      params: { id: g.glossary_id },
    });
    expect(header(entries, "content-type")).toContain("text/tab-separated-values");
    expect(entries.text.split("\n").sort()).toEqual(["cat\tminino", "house\tmorada"]);

    const viaDeepl = await call(
      h,
      translate.POST,
      "/v2/translate",
      form(
        [
          ["text", "The house is big."],
          ["source_lang", "EN"],
          ["target_lang", "ES"],
          ["glossary_id", g.glossary_id],
        ],
        k,
      ),
    );
    const viaV1 = (
      await call(
        h,
        v1Translate.POST,
        "/v1/translate",
        v1({ text: "The house is big.", source_lang: "en", target_lang: "es", glossary_ids: [g.glossary_id] }, k),
      )
    ).json as {
      data: { translation: string };
    };
    expect(translations(viaDeepl)[0]?.text).toBe(viaV1.data.translation);
    expect(viaV1.data.translation).toContain("morada");

    const malformed = await call(
      h,
      glossaries.POST,
      "/v2/glossaries",
      form(
        [
          ["name", "Bad"],
          ["source_lang", "en"],
          ["target_lang", "es"],
          ["entries", "house\tcasa\nlonely"],
        ],
        k,
      ),
    );
    expect(expectDeeplError(malformed, 400)).toMatch(/line 2/);

    const deleted = await call(h, glossary.DELETE, `/v2/glossaries/${g.glossary_id}`, {
      method: "DELETE",
      headers: deeplAuth(k),
      params: { id: g.glossary_id },
    });
    expect(deleted.status).toBe(204);
    expectDeeplError(
      await call(h, glossary.GET, `/v2/glossaries/${g.glossary_id}`, {
        headers: deeplAuth(k),
        params: { id: g.glossary_id },
      }),
      404,
    );
  });
});

describe("documents", () => {
  const upload = (fields: Record<string, string>, content: string, filename = "note.txt", k = key) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append("file", new Blob([content], { type: "text/plain" }), filename);
    return { method: "POST", body, headers: deeplAuth(k) };
  };

  it("uploads, reports status with billed characters, and returns the file; the document_key is required", async () => {
    const o = await h.org();
    const k = o.keys.all?.key ?? "";
    const up = await call(
      h,
      documentUpload.POST,
      "/v2/document",
      upload({ source_lang: "EN", target_lang: "ES" }, "The house is big.\n", "note.txt", k),
    );
    expect(up.status).toBe(200);
    const { document_id, document_key } = up.json as { document_id: string; document_key: string };
    expect(document_id).toBeTruthy();
    expect(document_key).toBeTruthy();

    const status = async (keyValue: string) =>
      call(h, documentStatus.POST, `/v2/document/${document_id}`, {
        ...form([["document_key", keyValue]], k),
        params: { id: document_id },
      });
    expect((await status(document_key)).json).toEqual({ document_id, status: "queued" });
    expect(await h.app.worker?.drain()).toBe(1);
    const state = (await status(document_key)).json as { status: string; billed_characters?: number };
    expect(state).toEqual({ document_id, status: "done", billed_characters: expect.any(Number) });
    // What the job cost is what the organization was debited.
    expect(state.billed_characters).toBeGreaterThan(0);
    expect(await consumed(o)).toBe(state.billed_characters);
    expectDeeplError(await status("k1.wrong"), 404);

    const result = await call(h, documentResult.POST, `/v2/document/${document_id}/result`, {
      ...form([["document_key", document_key]], k),
      params: { id: document_id },
    });
    expect(result.status).toBe(200);
    expect(result.text).toBe("La casa es grande.\n");
    const noKey = await call(h, documentResult.POST, `/v2/document/${document_id}/result`, {
      ...form([], k),
      params: { id: document_id },
    });
    expectDeeplError(noKey, 400);
    // Another organization's key does not find it.
    const other = await h.org();
    const foreign = await call(h, documentStatus.POST, `/v2/document/${document_id}`, {
      ...form([["document_key", document_key]], other.keys.all?.key),
      params: { id: document_id },
    });
    expectDeeplError(foreign, 404);
  });

  it("detects a document's language without source_lang (the default for one too short to tell); refuses one without file (400)", async () => {
    const o = await h.org();
    const k = o.keys.all?.key ?? "";
    const translated = async (content: string, target: string) => {
      const up = await call(
        h,
        documentUpload.POST,
        "/v2/document",
        upload({ target_lang: target }, content, "note.txt", k),
      );
      expect(up.status).toBe(200);
      const { document_id, document_key } = up.json as { document_id: string; document_key: string };
      await h.app.worker?.drain();
      const result = await call(h, documentResult.POST, `/v2/document/${document_id}/result`, {
        ...form([["document_key", document_key]], k),
        params: { id: document_id },
      });
      expect(result.status).toBe(200);
      return result.text;
    };
    expect(await translated("La casa es grande y el jardín es muy bonito.\n", "EN-GB")).toMatch(/house/i);
    // "Hello" alone is too short to identify: taken as English, the default source language.
    expect(await translated("Hello\n", "ES")).toMatch(/Hola/);
    const noFile = new FormData();
    noFile.append("target_lang", "ES");
    expectDeeplError(
      await call(h, documentUpload.POST, "/v2/document", { method: "POST", body: noFile, headers: deeplAuth(key) }),
      400,
    );
  });
});

describe("routing", () => {
  it("answers unknown paths 404 and wrong methods 405 in DeepL's shape", async () => {
    expectDeeplError(
      await call(h, catchAll.GET, "/v2/nothing", { headers: deeplAuth(key), params: { path: ["nothing"] } }),
      404,
    );
    const r = await call(h, translate.GET, "/v2/translate", { headers: deeplAuth(key) });
    expectDeeplError(r, 405);
    expect(header(r, "allow")).toBe("POST");
  });

  it("a request made the way Next hands it over (no explicit params) works", async () => {
    const req = makeRequest("/v2/usage", { ip: h.clientIp, headers: deeplAuth(key) });
    const r = await reply(await usage.GET(req, { params: Promise.resolve({}) }));
    expect(r.status).toBe(200);
  });
});

describe("POST /v2/document/{id} while translating", () => {
  it("estimates seconds_remaining from the time taken and the share done, and leaves it out without progress", async () => {
    const { secondsRemaining } = await import("@/server/compat/deepl/documents");
    const createdAt = new Date("2026-11-25T12:00:00Z");
    expect(secondsRemaining({ progress: 0.25, createdAt }, new Date("2026-11-25T12:00:30Z"))).toBe(90);
    expect(secondsRemaining({ progress: 0.5, createdAt }, new Date("2026-11-25T12:00:10Z"))).toBe(10);
    expect(secondsRemaining({ progress: 0, createdAt }, new Date("2026-11-25T12:00:10Z"))).toBeUndefined();
    expect(secondsRemaining({ progress: 1, createdAt }, new Date("2026-11-25T12:00:10Z"))).toBeUndefined();
  });
});
