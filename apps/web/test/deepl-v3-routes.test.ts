// DeepL's v3 API (/v3/*) through its route handlers, on the real Apertium: the languages per
// resource, multilingual glossaries over Tolk's glossaries (usable in /v2/translate), the v3
// features Tolk does not offer, and the short message a pair without an engine gets on both
// compatibility APIs (Weblate validates a service by translating en→de, which Debian lacks).
import { type TestOrg } from "@tolk/domain/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as libreTranslate from "../app/libretranslate/translate/route";
import * as v2CatchAll from "../app/v2/[...path]/route";
import * as v2Glossaries from "../app/v2/glossaries/route";
import * as v2Languages from "../app/v2/languages/route";
import * as v2Translate from "../app/v2/translate/route";
import * as v2Write from "../app/v2/write/[[...path]]/route";
import * as v3CatchAll from "../app/v3/[...path]/route";
import * as dictionaries from "../app/v3/glossaries/[id]/dictionaries/route";
import * as entries from "../app/v3/glossaries/[id]/entries/route";
import * as glossary from "../app/v3/glossaries/[id]/route";
import * as glossaries from "../app/v3/glossaries/route";
import * as languages from "../app/v3/languages/route";
import * as styleRules from "../app/v3/style_rules/[[...path]]/route";
import * as memories from "../app/v3/translation_memories/[[...path]]/route";
import { type Harness, type Reply, call, expectNoStack, startApp } from "./helpers";

let h: Harness;
let org: TestOrg;
let key: string;
beforeAll(async () => {
  h = await startApp();
  org = await h.org();
  key = org.keys.all?.key ?? "";
});
afterAll(() => h.close());

const auth = (k = key) => ({ Authorization: `DeepL-Auth-Key ${k}` });
const json = (method: string, body: unknown, k = key) => ({
  method,
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", ...auth(k) },
});
const form = (method: string, fields: [string, string][], k = key) => ({
  method,
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", ...auth(k) },
});

function deeplError(r: Reply, status: number): string {
  expect({ status: r.status, keys: Object.keys(r.json ?? {}) }).toEqual({ status, keys: ["message"] });
  expectNoStack(r.text);
  return (r.json as { message: string }).message;
}

interface V3Language {
  lang: string;
  name: string;
  usable_as_source: boolean;
  usable_as_target: boolean;
  features: Record<string, { status: string }>;
}
const v3Languages = async (resource: string) => {
  const r = await call(h, languages.GET, `/v3/languages?resource=${resource}`, { headers: auth() });
  expect(r.status).toBe(200);
  return r.json as V3Language[];
};

describe("GET /v3/languages", () => {
  it("lists for translate_text exactly the sources and targets of /v2/languages, varieties as targets only", async () => {
    const list = await v3Languages("translate_text");
    const v2 = async (type: string) =>
      (
        (await call(h, v2Languages.GET, `/v2/languages?type=${type}`, { headers: auth() })).json as {
          language: string;
          supports_formality?: boolean;
        }[]
      ).map((l) => l);
    const sources = list.filter((l) => l.usable_as_source).map((l) => l.lang.toUpperCase());
    const targets = list.filter((l) => l.usable_as_target).map((l) => l.lang.toUpperCase());
    expect(sources.sort()).toEqual((await v2("source")).map((l) => l.language).sort());
    const v2Targets = await v2("target");
    expect(targets.sort()).toEqual(v2Targets.map((l) => l.language).sort());
    // English: a source by its base code, a target by its varieties (what Weblate and DeepL clients expect).
    expect(list.find((l) => l.lang === "en")).toMatchObject({ usable_as_source: true, usable_as_target: false });
    expect(list.find((l) => l.lang === "en-GB")).toMatchObject({ usable_as_source: false, usable_as_target: true });
    // formality exactly where /v2 says supports_formality; markup and glossaries everywhere.
    for (const l of list.filter((x) => x.usable_as_target)) {
      const v2Entry = v2Targets.find((t) => t.language === l.lang.toUpperCase());
      expect("formality" in l.features, l.lang).toBe(v2Entry?.supports_formality === true);
      expect(Object.keys(l.features)).toEqual(expect.arrayContaining(["tag_handling", "glossary"]));
    }
    expect(list.find((l) => l.lang === "es")?.features.formality).toEqual({ status: "stable" });
    expect(list.find((l) => l.lang === "de")).toBeUndefined();
  });

  it("lists documents and glossaries without formality, glossaries by base codes; voice, write and style rules empty", async () => {
    const documents = await v3Languages("translate_document");
    expect(documents.every((l) => !("formality" in l.features) && "glossary" in l.features)).toBe(true);
    const glossary = await v3Languages("glossary");
    expect(glossary.find((l) => l.lang === "en")).toMatchObject({ usable_as_source: true, usable_as_target: true });
    expect(glossary.some((l) => l.lang.includes("-"))).toBe(false);
    for (const resource of ["voice", "write", "style_rules"]) expect(await v3Languages(resource)).toEqual([]);
  });

  it("answers a missing or unknown resource with 400 in DeepL's shape", async () => {
    expect(deeplError(await call(h, languages.GET, "/v3/languages", { headers: auth() }), 400)).toMatch(/resource/);
    expect(deeplError(await call(h, languages.GET, "/v3/languages?resource=speech", { headers: auth() }), 400)).toMatch(
      /translate_text/,
    );
  });
});

interface V3Glossary {
  glossary_id: string;
  name: string;
  creation_time: string;
  dictionaries: { source_lang: string; target_lang: string; entry_count: number }[];
}

describe("/v3/glossaries", () => {
  it("creates (Weblate's JSON), lists, renames, replaces a dictionary, applies in /v2/translate, deletes", async () => {
    const o = await h.org();
    const k = o.keys.all?.key ?? "";
    const name = "weblate:1:EN:ES:0a1b2c3d";
    const created = await call(
      h,
      glossaries.POST,
      "/v3/glossaries",
      json(
        "POST",
        {
          name,
          dictionaries: [{ source_lang: "en", target_lang: "es", entries: "house\tmorada", entries_format: "tsv" }],
        },
        k,
      ),
    );
    expect(created.status).toBe(201);
    const g = created.json as V3Glossary;
    expect(g).toMatchObject({ name, dictionaries: [{ source_lang: "en", target_lang: "es", entry_count: 1 }] });
    const id = g.glossary_id;
    const params = { id };

    // The same glossary through v3's list and get, and /v2's list (older Weblate reads that one).
    const list = (await call(h, glossaries.GET, "/v3/glossaries", { headers: auth(k) })).json as {
      glossaries: V3Glossary[];
    };
    expect(list.glossaries).toEqual([g]);
    expect((await call(h, glossary.GET, `/v3/glossaries/${id}`, { headers: auth(k), params })).json).toEqual(g);
    const v2List = (await call(h, v2Glossaries.GET, "/v2/glossaries", { headers: auth(k) })).json as {
      glossaries: { glossary_id: string; name: string }[];
    };
    expect(v2List.glossaries).toEqual([expect.objectContaining({ glossary_id: id, name })]);

    const translate = async () =>
      (
        await call(
          h,
          v2Translate.POST,
          "/v2/translate",
          json("POST", { text: ["The house is big."], source_lang: "EN", target_lang: "ES", glossary_id: id }, k),
        )
      ).json as { translations: { text: string }[] };
    expect((await translate()).translations[0]?.text).toContain("morada");

    // Weblate's update of a stale glossary: PUT the dictionary, then PATCH the name.
    const replaced = await call(h, dictionaries.PUT, `/v3/glossaries/${id}/dictionaries`, {
      ...json(
        "PUT",
        { source_lang: "en", target_lang: "es", entries: "house\tvivienda\ncat\tminino", entries_format: "tsv" },
        k,
      ),
      params,
    });
    expect({ status: replaced.status, body: replaced.json }).toEqual({
      status: 200,
      body: { source_lang: "en", target_lang: "es", entry_count: 2 },
    });
    const renamed = await call(h, glossary.PATCH, `/v3/glossaries/${id}`, {
      ...json("PATCH", { name: "weblate:1:EN:ES:ffff" }, k),
      params,
    });
    expect(renamed.json).toMatchObject({
      glossary_id: id,
      name: "weblate:1:EN:ES:ffff",
      dictionaries: [{ entry_count: 2 }],
    });
    expect((await translate()).translations[0]?.text).toContain("vivienda");

    const got = await call(h, entries.GET, `/v3/glossaries/${id}/entries?source_lang=en&target_lang=es`, {
      headers: auth(k),
      params,
    });
    const dict = (got.json as { dictionaries: { entries: string; entries_format: string }[] }).dictionaries[0];
    expect(dict?.entries_format).toBe("tsv");
    expect(dict?.entries.split("\n").sort()).toEqual(["cat\tminino", "house\tvivienda"]);
    expect(
      deeplError(
        await call(h, entries.GET, `/v3/glossaries/${id}/entries?source_lang=en&target_lang=fr`, {
          headers: auth(k),
          params,
        }),
        404,
      ),
    ).toMatch(/en→es/);

    const del = () => call(h, glossary.DELETE, `/v3/glossaries/${id}`, { method: "DELETE", headers: auth(k), params });
    expect((await del()).status).toBe(204);
    deeplError(await del(), 404);
  });

  it("takes deepl-node's form fields (dictionaries[0].…) and merges entries on PATCH", async () => {
    const o = await h.org();
    const k = o.keys.all?.key ?? "";
    const created = await call(
      h,
      glossaries.POST,
      "/v3/glossaries",
      form(
        "POST",
        [
          ["name", "Form"],
          ["dictionaries[0].source_lang", "EN"],
          ["dictionaries[0].target_lang", "ES"],
          ["dictionaries[0].entries", "house\tmorada"],
          ["dictionaries[0].entries_format", "tsv"],
        ],
        k,
      ),
    );
    expect(created.status).toBe(201);
    const id = (created.json as V3Glossary).glossary_id;
    const patched = await call(h, glossary.PATCH, `/v3/glossaries/${id}`, {
      ...form(
        "PATCH",
        [
          ["dictionaries[0].source_lang", "en"],
          ["dictionaries[0].target_lang", "es"],
          ["dictionaries[0].entries", "cat\tminino"],
        ],
        k,
      ),
      params: { id },
    });
    expect(patched.json).toMatchObject({
      name: "Form",
      dictionaries: [{ source_lang: "en", target_lang: "es", entry_count: 2 }],
    });
  });

  it("refuses several dictionaries, a pair no engine serves, and removing the one dictionary (400)", async () => {
    const dict = (target: string) => ({
      source_lang: "en",
      target_lang: target,
      entries: "house\tx",
      entries_format: "tsv",
    });
    expect(
      deeplError(
        await call(
          h,
          glossaries.POST,
          "/v3/glossaries",
          json("POST", { name: "Two", dictionaries: [dict("es"), dict("ca")] }),
        ),
        400,
      ),
    ).toMatch(/one language pair/);
    expect(
      deeplError(
        await call(h, glossaries.POST, "/v3/glossaries", json("POST", { name: "De", dictionaries: [dict("de")] })),
        400,
      ),
    ).toMatch(/en→de/);
    const v2 = await call(
      h,
      v2Glossaries.POST,
      "/v2/glossaries",
      form("POST", [
        ["name", "De"],
        ["source_lang", "en"],
        ["target_lang", "de"],
        ["entries", "house\tHaus"],
      ]),
    );
    expect(deeplError(v2, 400)).toMatch(/en→de/);
    const created = (
      await call(h, glossaries.POST, "/v3/glossaries", json("POST", { name: "One", dictionaries: [dict("es")] }))
    ).json as V3Glossary;
    const id = created.glossary_id;
    const removed = await call(
      h,
      dictionaries.DELETE,
      `/v3/glossaries/${id}/dictionaries?source_lang=en&target_lang=es`,
      {
        method: "DELETE",
        headers: auth(),
        params: { id },
      },
    );
    expect(deeplError(removed, 400)).toMatch(/delete the glossary/);
  });
});

describe("what Tolk does not offer", () => {
  it("answers style rules, translation memories and the write API with 404 saying so; unknown paths with 404 JSON", async () => {
    const cases: [typeof styleRules.GET, string, string[]][] = [
      [styleRules.GET, "/v3/style_rules", []],
      [styleRules.POST, "/v3/style_rules/abc", ["abc"]],
      [memories.GET, "/v3/translation_memories", []],
      [v2Write.POST, "/v2/write/rephrase", ["rephrase"]],
    ];
    for (const [handler, path, segments] of cases) {
      expect(deeplError(await call(h, handler, path, { headers: auth(), params: { path: segments } }), 404)).toMatch(
        /^Not supported by Tolk: /,
      );
    }
    expect(
      deeplError(await call(h, v3CatchAll.GET, "/v3/nothing", { headers: auth(), params: { path: ["nothing"] } }), 404),
    ).toMatch(/does not exist/);
    expect(
      deeplError(
        await call(h, v2CatchAll.GET, "/v2/glossaries/x/y", {
          headers: auth(),
          params: { path: ["glossaries", "x", "y"] },
        }),
        404,
      ),
    ).toMatch(/does not exist/);
  });
});

describe("a pair without an engine (Weblate's en→de check)", () => {
  it("is a 400 of at most 200 characters naming the pair and how to add an engine, on /v2 and /libretranslate", async () => {
    const deepl = await call(
      h,
      v2Translate.POST,
      "/v2/translate",
      json("POST", {
        text: ["test"],
        source_lang: "en",
        target_lang: "de",
        formality: "default",
        tag_handling: "xml",
        ignore_tags: ["x"],
      }),
    );
    const libre = await call(h, libreTranslate.POST, "/libretranslate/translate", {
      method: "POST",
      body: JSON.stringify({ api_key: key, q: ["test"], source: "en", target: "de" }),
      headers: { "content-type": "application/json" },
    });
    const messages = [deeplError(deepl, 400), (libre.json as { error: string }).error];
    expect(libre.status).toBe(400);
    for (const message of messages) {
      expect(message.length).toBeLessThanOrEqual(200);
      expect(message).toMatch(/en→de/);
      expect(message).toMatch(/LLM.*LibreTranslate.*Apertium.*docs\/compatibility/);
    }
  });
});
