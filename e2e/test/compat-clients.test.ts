import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import * as deepl from "deepl-node";
import { unzipSync } from "fflate";
import { translate as libreTranslate } from "libretranslate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";

// The DeepL- and LibreTranslate-compatible APIs driven by real clients against the production
// build: deepl-node (DeepL's official Node client) and the npm `libretranslate` client, plus the
// request Weblate's LibreTranslate backend sends. Every result is compared with what /v1 gives
// for the same input on the same server.
const fixtures = resolve(import.meta.dirname, "..", "..", "packages", "formats", "test", "fixtures");

describe("DeepL and LibreTranslate clients against the production build", () => {
  const data = tempDataDir();
  const files = mkdtempSync(join(tmpdir(), "tolk-compat-"));
  let server: RunningServer;
  let key = "";
  let translator: deepl.Translator;

  beforeAll(async () => {
    const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "", TOLK_STORAGE_DIR: "", S3_BUCKET: "" };
    key = String((await tolk(["seed"], env)).api_key);
    server = await startServer(env);
    // No retries, so a 429 or 5xx fails the test instead of being retried (and billed) again.
    translator = new deepl.Translator(key, { serverUrl: server.url, maxRetries: 0, minTimeout: 60_000 });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
    rmSync(files, { recursive: true, force: true });
  });

  const v1 = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
  const v1Text = (text: string, extra: Record<string, unknown> = {}) =>
    v1<{ translation: string; credits_used: number }>("/v1/translate", {
      text,
      source_lang: "en",
      target_lang: "es",
      ...extra,
    });
  const v1Document = async (filename: string, bytes: Buffer): Promise<Uint8Array> => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], filename));
    form.set("source_lang", "en");
    form.set("target_lang", "es");
    const res = await fetch(`${server.url}/v1/translate/document`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    expect(res.status).toBe(200);
    return Buffer.from(((await res.json()) as { data: { file_data: string } }).data.file_data, "base64");
  };

  describe("deepl-node", () => {
    it("translateText: one text, as /v1 translates and bills it", async () => {
      const result = await translator.translateText("The house is big.", "en", "es");
      const ref = await v1Text("The house is big.");
      expect(result).toMatchObject({
        text: ref.translation,
        detectedSourceLang: "en",
        billedCharacters: ref.credits_used,
      });
    });

    it("translateText: an array, source detected, as /v1's batch", async () => {
      const texts = ["The house is big.", "Where is the train station?"];
      const results = await translator.translateText(texts, null, "es");
      const ref = await v1<{ translations: { es: Record<string, string> } }>("/v1/translate/batch", {
        strings: { a: texts[0], b: texts[1] },
        source_lang: "en",
        target_langs: ["es"],
      });
      expect(results.map((r) => r.text)).toEqual([ref.translations.es.a, ref.translations.es.b]);
      expect(results.map((r) => r.detectedSourceLang)).toEqual(["en", "en"]);
    });

    it("translateText with formality, as a brand voice of that formality on /v1", async () => {
      const text = "Your house is big.";
      const voice = await v1<{ id: string }>("/v1/brand-voices", { name: "Formal", formality: "Formal" });
      const formal = await translator.translateText(text, "en", "es", { formality: "more" });
      expect(formal.text).toBe((await v1Text(text, { brand_voice_id: voice.id })).translation);
      const informal = await translator.translateText(text, "en", "es", { formality: "prefer_less" });
      expect(informal.text).not.toBe(formal.text);
    });

    it("translateText with tagHandling xml keeps the markup, as /v1", async () => {
      const text = "<p>The house is <b>big</b>.</p>";
      const result = await translator.translateText(text, "en", "es", { tagHandling: "xml" });
      expect(result.text).toBe((await v1Text(text)).translation);
      expect(result.text).toContain("<b>");
    });

    it("createGlossary, listGlossaries, getGlossaryEntries, translateText with it, deleteGlossary", async () => {
      const entries = new deepl.GlossaryEntries({ entries: { house: "morada", cat: "minino" } });
      const glossary = await translator.createGlossary("Homes", "en", "es", entries);
      expect(glossary).toMatchObject({ name: "Homes", ready: true, sourceLang: "en", targetLang: "es", entryCount: 2 });
      expect((await translator.listGlossaries()).map((g) => g.glossaryId)).toContain(glossary.glossaryId);
      expect((await translator.getGlossaryEntries(glossary)).entries()).toEqual({ house: "morada", cat: "minino" });
      const result = await translator.translateText("The house is big.", "en", "es", { glossary });
      const ref = await v1Text("The house is big.", { glossary_ids: [glossary.glossaryId] });
      expect(result.text).toBe(ref.translation);
      expect(result.text).toContain("morada");
      await translator.deleteGlossary(glossary);
      expect((await translator.listGlossaries()).map((g) => g.glossaryId)).not.toContain(glossary.glossaryId);
      await expect(translator.getGlossary(glossary.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    });

    it("getSourceLanguages and getTargetLanguages agree with /v1/languages", async () => {
      const { languages } = await v1<{ languages: { code: string; targets: string[] }[] }>("/v1/languages");
      const known = new Set(languages.map((l) => l.code));
      const sources = await translator.getSourceLanguages();
      expect(sources.map((l) => l.code)).toEqual(languages.filter((l) => l.targets.length > 0).map((l) => l.code));
      const targets = await translator.getTargetLanguages();
      expect(new Set(targets.map((l) => l.code.split("-")[0]))).toEqual(
        new Set(languages.flatMap((l) => l.targets).filter((t) => known.has(t))),
      );
      expect(targets.map((l) => l.code)).toEqual(expect.arrayContaining(["en-GB", "en-US", "es"]));
      expect(targets.find((l) => l.code === "es")?.supportsFormality).toBe(true);
    });

    it("translateDocument: txt and docx, as /v1's document translation", async () => {
      const txt = join(files, "note.txt");
      writeFileSync(txt, "The house is big.\nWhere is the train station?\n");
      const txtOut = join(files, "note.es.txt");
      const status = await translator.translateDocument(txt, txtOut, "en", "es");
      expect(status.done()).toBe(true);
      expect(status.billedCharacters).toBeGreaterThan(0);
      expect(readFileSync(txtOut, "utf8")).toBe(
        Buffer.from(await v1Document("note.txt", readFileSync(txt))).toString("utf8"),
      );

      const docx = join(fixtures, "libreoffice", "report.docx");
      const docxOut = join(files, "report.es.docx");
      await translator.translateDocument(docx, docxOut, "en", "es");
      const body = (bytes: Uint8Array) =>
        Buffer.from(unzipSync(bytes)["word/document.xml"] ?? new Uint8Array()).toString("utf8");
      const ours = body(readFileSync(docxOut));
      expect(ours).toBe(body(await v1Document("report.docx", readFileSync(docx))));
      expect(ours).toMatch(/Informe anual/);
    });

    it("getUsage: the credits /v1/quota reports", async () => {
      const usage = await translator.getUsage();
      const quota = await v1<{ credits: { consumed: number; allowance: number; top_up_balance: number } }>("/v1/quota");
      expect(usage.character?.count).toBe(quota.credits.consumed);
      expect(usage.character?.limit).toBe(quota.credits.allowance + quota.credits.top_up_balance);
      expect(usage.character?.count).toBeGreaterThan(0);
    });

    it("a wrong key is DeepL's AuthorizationError (403)", async () => {
      const wrong = new deepl.Translator("svc_wrong", { serverUrl: server.url, maxRetries: 0 });
      await expect(wrong.translateText("Hi", "en", "es")).rejects.toBeInstanceOf(deepl.AuthorizationError);
    });
  });

  describe("deepl-node: detection, v3 and the smaller fields", () => {
    let client: deepl.DeepLClient;
    beforeAll(() => {
      client = new deepl.DeepLClient(key, { serverUrl: server.url, maxRetries: 0, minTimeout: 60_000 });
    });

    it("translateText('OK' | 'Hi', null, 'es') is translated from English, as DeepL does", async () => {
      for (const text of ["OK", "Hi"]) {
        const result = await translator.translateText(text, null, "es");
        expect(result.detectedSourceLang).toBe("en");
        expect(result.text).toBe((await v1Text(text)).translation);
      }
    });

    it("translateDocument without a source language detects it from the file", async () => {
      const txt = join(files, "nota.txt");
      writeFileSync(txt, "La casa es grande y el jardín es muy bonito.\n");
      const out = join(files, "nota.en.txt");
      const status = await translator.translateDocument(txt, out, null, "en-GB");
      expect(status.done()).toBe(true);
      expect(readFileSync(out, "utf8")).toMatch(/house/i);
    });

    it("createGlossary for a pair no engine serves is refused (400), as DeepL refuses an unsupported pair", async () => {
      const entries = new deepl.GlossaryEntries({ entries: { house: "Haus" } });
      await expect(translator.createGlossary("De", "en", "de", entries)).rejects.toThrow(
        /Bad request.*No engine translates en→de/,
      );
    });

    it("modelType answers modelTypeUsed; splitSentences nonewlines does not split at a line break", async () => {
      const typed = await translator.translateText("The house is big.", "en", "es", { modelType: "quality_optimized" });
      expect(typed.modelTypeUsed).toBe("quality_optimized");
      const joined = await translator.translateText("The house\nis big.", "en", "es", { splitSentences: "nonewlines" });
      expect(joined.text).toBe((await v1Text("The house is big.")).translation);
      expect((await translator.translateText("The house\nis big.", "en", "es")).text).toContain("\n");
    });

    it("multilingual glossaries: create, list, entries, replace, rename, translate with, delete", async () => {
      const dict = (entries: Record<string, string>) => ({
        sourceLangCode: "en",
        targetLangCode: "es",
        entries: new deepl.GlossaryEntries({ entries }),
      });
      const glossary = await client.createMultilingualGlossary("Homes v3", [dict({ house: "morada" })]);
      expect(glossary).toMatchObject({
        name: "Homes v3",
        dictionaries: [{ sourceLangCode: "en", targetLangCode: "es", entryCount: 1 }],
      });
      expect((await client.listMultilingualGlossaries()).map((g) => g.glossaryId)).toContain(glossary.glossaryId);
      expect((await client.getMultilingualGlossaryDictionaryEntries(glossary, "en", "es")).entries.entries()).toEqual({
        house: "morada",
      });
      expect(
        (await translator.translateText("The house is big.", "en", "es", { glossary: glossary.glossaryId })).text,
      ).toContain("morada");

      const replaced = await client.replaceMultilingualGlossaryDictionary(
        glossary,
        dict({ house: "vivienda", cat: "minino" }),
      );
      expect(replaced.entryCount).toBe(2);
      expect((await client.updateMultilingualGlossaryName(glossary, "Homes v3b")).name).toBe("Homes v3b");
      expect(
        (await translator.translateText("The house is big.", "en", "es", { glossary: glossary.glossaryId })).text,
      ).toContain("vivienda");
      // A dictionary of a pair the glossary does not hold is GlossaryNotFoundError, not a parsing failure.
      await expect(client.getMultilingualGlossaryDictionaryEntries(glossary, "en", "fr")).rejects.toBeInstanceOf(
        deepl.GlossaryNotFoundError,
      );

      await client.deleteMultilingualGlossary(glossary);
      await expect(client.getMultilingualGlossary(glossary.glossaryId)).rejects.toBeInstanceOf(
        deepl.GlossaryNotFoundError,
      );
    });

    it("style rules, translation memories and rephrasing say they are not supported by Tolk", async () => {
      await expect(client.getAllStyleRules()).rejects.toThrow(/not supported by Tolk/i);
      await expect(client.listTranslationMemories()).rejects.toThrow(/not supported by Tolk/i);
      await expect(client.rephraseText("The house is big.", "en-GB")).rejects.toThrow(/not supported by Tolk/i);
    });
  });

  describe("LibreTranslate clients", () => {
    it("the npm libretranslate client translates as /v1 does", async () => {
      const text = "The cat sleeps on the sofa.";
      const out = await libreTranslate({
        query: text,
        source: "en",
        target: "es",
        apiurl: `${server.url}/libretranslate`,
        apiKey: key,
      });
      expect(out).toBe((await v1Text(text)).translation);
    });

    it("Weblate's request (JSON, api_key, format text) and its language list", async () => {
      const langs = (await (await fetch(`${server.url}/libretranslate/languages`)).json()) as { code: string }[];
      expect(langs.map((l) => l.code)).toEqual(expect.arrayContaining(["en", "es"]));
      const res = await fetch(`${server.url}/libretranslate/translate`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          api_key: key,
          q: "Good morning, how are you?",
          source: "en",
          target: "es",
          format: "text",
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ translatedText: (await v1Text("Good morning, how are you?")).translation });
    });
  });
});
