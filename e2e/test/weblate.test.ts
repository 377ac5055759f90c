import { randomBytes } from "node:crypto";

import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeLlm, startFakeLlm } from "@tolk/engines/testing";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// Weblate's DeepL and LibreTranslate backends, replayed request by request against the
// production build (weblate/machinery/deepl.py, libretranslate.py and base.py): the same URLs,
// headers and bodies, read the way Weblate reads them. Weblate takes an error's text from
// `message` (DeepL) or `error` (LibreTranslate) and shows 200 characters of it; it pauses a
// service for 30 minutes on 401, 403, 429, 456 and 503, so a refusal must be a 400.
// On PostgreSQL and Redis when TOLK_TEST_DATABASE_URL and TOLK_TEST_REDIS_URL are set.
const pgUrl = process.env.TOLK_TEST_DATABASE_URL;
const redisUrl = process.env.TOLK_TEST_REDIS_URL;
const PAUSING = [401, 403, 429, 456, 503];

interface WeblateOptions {
  json?: unknown;
  headers?: Record<string, string>;
}

/** What Weblate's `request()` sends: its Referer and Accept, plus the backend's own headers. */
async function weblateRequest(baseUrl: string, method: string, path: string, options: WeblateOptions = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Referer: "https://weblate.example.org/",
      Accept: "application/json; charset=utf-8",
      "User-Agent": "Weblate/5.15",
      ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
      ...options.headers,
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await res.text();
  expect(res.headers.get("content-type") ?? "", `${method} ${path}`).toMatch(text ? /json/ : /.*/);
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe("Weblate's machine-translation backends against the production build", () => {
  const data = tempDataDir();
  const dbName = `tolk_e2e_weblate_${randomBytes(5).toString("hex")}`;
  let server: RunningServer;
  let key = "";

  beforeAll(async () => {
    let env: Record<string, string> = {
      TOLK_DATA_DIR: data.dir,
      DATABASE_URL: "",
      REDIS_URL: "",
      TOLK_STORAGE_DIR: "",
      S3_BUCKET: "",
    };
    if (pgUrl) {
      const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${dbName}"`);
      await admin.end();
      const url = new URL(pgUrl);
      url.pathname = `/${dbName}`;
      env = { ...env, DATABASE_URL: url.toString(), REDIS_URL: redisUrl ?? "" };
    }
    // On PostgreSQL the server migrates the new database before the seed writes to it.
    if (pgUrl) server = await startServer(env);
    key = String((await tolk(["seed"], env)).api_key);
    if (!pgUrl) server = await startServer(env);
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
    if (pgUrl) {
      const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  });

  const weblate = (method: string, path: string, options: WeblateOptions = {}) =>
    weblateRequest(server.url, method, path, options);

  describe("DeepL backend (API URL https://tolk.example/v2/; Weblate drops the /v2)", () => {
    const deepl = (method: string, path: string, json?: unknown) =>
      weblate(method, path, { json, headers: { Authorization: `DeepL-Auth-Key ${key}` } });
    interface V3Language {
      lang: string;
      usable_as_source: boolean;
      usable_as_target: boolean;
      features: Record<string, unknown>;
    }

    it("set-up: lists languages through /v3 and gets, for Weblate's en→de check, a 400 saying what to add", async () => {
      const languages = await deepl("GET", "/v3/languages?resource=translate_text");
      expect(languages.status).toBe(200);
      const list = languages.body as V3Language[];
      // download_languages: sources, targets and the @FORMAL/@INFORMAL variants Weblate derives.
      const sources = new Set(list.filter((l) => l.usable_as_source).map((l) => l.lang.toUpperCase()));
      const formal = list
        .filter((l) => l.usable_as_target && "formality" in l.features)
        .map((l) => `${l.lang.toUpperCase()}@FORMAL`);
      expect(sources.has("EN")).toBe(true);
      expect(formal).toContain("ES@FORMAL");

      // validate_settings: download_multiple_translations("en", "de", [("test", None)]).
      const check = await deepl("POST", "/v2/translate", {
        text: ["test"],
        source_lang: "en",
        target_lang: "de",
        formality: "default",
        tag_handling: "xml",
        ignore_tags: ["x"],
      });
      expect(check.status).toBe(400);
      const message = (check.body as { message: string }).message;
      expect(message.length).toBeLessThanOrEqual(200);
      expect(message).toMatch(/No engine translates en→de.*LLM.*LibreTranslate.*docs\/compatibility\.md/);
    });

    it("translates a batch of 20 placeholder texts into ES@FORMAL with a weblate:… glossary, keeping every <x id>", async () => {
      // is_glossary_supported: the glossary languages, then the glossary is created and looked up by name.
      const glossaryLanguages = (await deepl("GET", "/v3/languages?resource=glossary")).body as V3Language[];
      expect(glossaryLanguages.some((l) => l.lang.toUpperCase() === "EN" && l.usable_as_source)).toBe(true);
      expect(glossaryLanguages.some((l) => l.lang.toUpperCase() === "ES" && l.usable_as_target)).toBe(true);
      expect(((await deepl("GET", "/v3/glossaries")).body as { glossaries: unknown[] }).glossaries).toEqual([]);
      const name = "weblate:1:EN:ES:3f2a9c0b1d";
      const created = await deepl("POST", "/v3/glossaries", {
        name,
        dictionaries: [{ source_lang: "en", target_lang: "es", entries: "house\tmorada", entries_format: "tsv" }],
      });
      expect(created.status).toBe(201);
      const listed = (await deepl("GET", "/v3/glossaries")).body as {
        glossaries: { name: string; glossary_id: string; creation_time: string }[];
      };
      const glossaryId = listed.glossaries.find((g) => g.name === name)?.glossary_id;
      expect(glossaryId).toBeTruthy();
      expect(Number.isNaN(Date.parse(listed.glossaries[0]?.creation_time ?? ""))).toBe(false);

      // format_replacement: each placeholder becomes <x id="offset"></x>; the batch is at most 20 texts.
      const texts = Array.from(
        { length: 20 },
        (_, i) => `The house number <x id="${i * 3}"></x> is big, <x id="${i * 3 + 40}"></x>.`,
      );
      const translated = await deepl("POST", "/v2/translate", {
        text: texts,
        source_lang: "EN",
        target_lang: "ES",
        formality: "more",
        tag_handling: "xml",
        ignore_tags: ["x"],
        glossary_id: glossaryId,
      });
      expect(translated.status).toBe(200);
      const results = (translated.body as { translations: { text: string }[] }).translations;
      expect(results).toHaveLength(20);
      results.forEach((r, i) => {
        expect(r.text).toContain(`<x id="${i * 3}"></x>`);
        expect(r.text).toContain(`<x id="${i * 3 + 40}"></x>`);
        expect(r.text).toContain("morada");
      });

      // update_glossary (a stale checksum): PUT the dictionary, PATCH the name; then the new name is found.
      const renamed = "weblate:1:EN:ES:77aa";
      expect(
        (
          await deepl("PUT", `/v3/glossaries/${glossaryId}/dictionaries`, {
            source_lang: "en",
            target_lang: "es",
            entries: "house\tvivienda",
            entries_format: "tsv",
          })
        ).status,
      ).toBe(200);
      expect((await deepl("PATCH", `/v3/glossaries/${glossaryId}`, { name: renamed })).status).toBe(200);
      const names = ((await deepl("GET", "/v3/glossaries")).body as { glossaries: { name: string }[] }).glossaries.map(
        (g) => g.name,
      );
      expect(names).toEqual([renamed]);

      // delete_glossary: 204, and a second delete is the 404 Weblate reads as "does not exist".
      expect((await deepl("DELETE", `/v3/glossaries/${glossaryId}`)).status).toBe(204);
      const again = await deepl("DELETE", `/v3/glossaries/${glossaryId}`);
      expect(again.status).toBe(404);
      expect((again.body as { message: string }).message).toMatch(/does not exist/);
    });

    it("older Weblate: glossaries through /v2 round-trip their weblate:… names", async () => {
      const name = "weblate:2:EN:ES:0c0ffee";
      const created = await deepl("POST", "/v2/glossaries", {
        name,
        source_lang: "en",
        target_lang: "es",
        entries: "cat\tminino",
        entries_format: "tsv",
      });
      expect(created.status).toBe(201);
      const list = (await deepl("GET", "/v2/glossaries")).body as {
        glossaries: { name: string; glossary_id: string }[];
      };
      const id = list.glossaries.find((g) => g.name === name)?.glossary_id;
      expect(id).toBe((created.body as { glossary_id: string }).glossary_id);
      expect((await deepl("DELETE", `/v2/glossaries/${id}`)).status).toBe(204);
      expect((await deepl("DELETE", `/v2/glossaries/${id}`)).status).toBe(404);
    });

    it("answers every refusal in {message} with a status that does not pause the service", async () => {
      const refusals = [
        await deepl("POST", "/v2/translate", { text: ["test"], source_lang: "en", target_lang: "de" }),
        await deepl("POST", "/v3/glossaries", {
          name: "weblate:1:EN:DE:aa",
          dictionaries: [{ source_lang: "en", target_lang: "de", entries: "a\tb" }],
        }),
        await deepl("GET", "/v3/style_rules"),
        await deepl("GET", "/v3/nothing-here"),
      ];
      for (const r of refusals) {
        expect(PAUSING).not.toContain(r.status);
        expect(Object.keys(r.body as object)).toEqual(["message"]);
      }
    });
  });

  describe("LibreTranslate backend (API URL https://tolk.example/libretranslate/)", () => {
    const libre = (method: string, path: string, json?: unknown) => weblate(method, `/libretranslate${path}`, { json });

    it("lists languages, refuses en→de with a short {error}, and translates a batch as a list", async () => {
      const languages = await libre("GET", "/languages");
      expect((languages.body as { code: string }[]).map((l) => l.code)).toEqual(expect.arrayContaining(["en", "es"]));

      const check = await libre("POST", "/translate", { api_key: key, q: ["test"], source: "en", target: "de" });
      expect(check.status).toBe(400);
      const error = (check.body as { error: string }).error;
      expect(error.length).toBeLessThanOrEqual(200);
      expect(error).toMatch(/No engine translates en→de.*docs\/compatibility\.md/);

      const texts = ["The house is big.", 'Delete <x id="7"></x> files?'];
      const translated = await libre("POST", "/translate", { api_key: key, q: texts, source: "en", target: "es" });
      expect(translated.status).toBe(200);
      const out = (translated.body as { translatedText: string[] }).translatedText;
      expect(out).toHaveLength(2);
      expect(out[0]).toMatch(/casa/);
      expect(out[1]).toContain('<x id="7"></x>');
    });
  });
});

// With an engine for German configured (an OpenAI-compatible LLM; here a local stand-in, since no
// model runs offline), Weblate's en→de check passes through both backends, so it saves.
describe("Weblate's settings check with an engine for German configured", () => {
  const data = tempDataDir();
  let server: RunningServer;
  let llm: FakeLlm;
  let key = "";

  beforeAll(async () => {
    llm = await startFakeLlm((segment) => (segment === "test" ? "Test" : `[de] ${segment}`));
    const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "", TOLK_STORAGE_DIR: "", S3_BUCKET: "" };
    key = String((await tolk(["seed"], env)).api_key);
    server = await startServer({
      ...env,
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: "llm-key",
      LLM_MODEL_STANDARD: "some-model",
    });
  });
  afterAll(async () => {
    await server.stop();
    await llm.close();
    data.remove();
  });

  it("DeepL backend: German is listed, and validate_settings' en→de call answers 200", async () => {
    const headers = { Authorization: `DeepL-Auth-Key ${key}` };
    const languages = await weblateRequest(server.url, "GET", "/v3/languages?resource=translate_text", { headers });
    expect(
      (languages.body as { lang: string; usable_as_target: boolean }[]).some(
        (l) => l.lang.toUpperCase() === "DE" && l.usable_as_target,
      ),
    ).toBe(true);
    const check = await weblateRequest(server.url, "POST", "/v2/translate", {
      headers,
      json: {
        text: ["test"],
        source_lang: "en",
        target_lang: "de",
        formality: "default",
        tag_handling: "xml",
        ignore_tags: ["x"],
      },
    });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ translations: [{ text: "Test" }] });
  });

  it("LibreTranslate backend: the same check answers 200", async () => {
    const check = await weblateRequest(server.url, "POST", "/libretranslate/translate", {
      json: { api_key: key, q: ["test"], source: "en", target: "de" },
    });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ translatedText: ["Test"] });
  });
});
