import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { documentResponse } from "@tolk/contract";
import { filterFor, type Segment, stripCodes } from "@tolk/formats";
import { unzipSync } from "fflate";
import postgres from "postgres";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer, tempDataDir, tolk } from "../src/server";
import { corpusEntries, type CorpusEntry, extensionOf, structureProblems } from "./real-files/corpora";

// Real files, English → Spanish through POST /v1/translate/document on the production build with
// Apertium, each downloaded through its pre-signed link and checked as the filter tests check
// them: same segment ids on re-extraction, Spanish text, well-formed changed XML parts, untouched
// zip entries byte-equal, `msgfmt -c` clean PO.
const fixtures = resolve(import.meta.dirname, "..", "..", "packages", "formats", "test", "fixtures");
const OPTIONS = { sourceLang: "en", targetLang: "es" };
const LIMITS = {
  api_per_min: 1_000_000,
  translate_per_min: 1_000_000,
  segment_per_min: 1_000_000,
  monthly_credits: 100_000_000,
};

const fixture = (path: string): Uint8Array => new Uint8Array(readFileSync(join(fixtures, path)));
const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const extension = (name: string): string => name.slice(name.lastIndexOf(".") + 1);

function extract(name: string, file: Uint8Array): Promise<Segment[]> {
  const filter = filterFor(extension(name));
  if (!filter) throw new Error(`no filter for ${name}`);
  return filter.extract(file, OPTIONS);
}

/** Strict well-formedness with saxes, independent of the filters' own XML scanner. */
function expectWellFormed(xml: string, part: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let error: Error | undefined;
  parser.on("error", (e) => (error ??= e));
  parser.write(xml).close();
  expect(error?.message, part).toBeUndefined();
}

/**
 * The source and its translation extract to the same ids, most segments changed, and the
 * translated text holds `spanish`. Returns both segment lists.
 */
async function expectSameSegmentsTranslated(name: string, source: Uint8Array, out: Uint8Array, spanish: RegExp) {
  const before = await extract(name, source);
  const after = await extract(name, out);
  expect(before.length, name).toBeGreaterThan(0);
  expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
  const changed = after.filter((s, i) => stripCodes(s.text) !== stripCodes(before[i]?.text ?? ""));
  expect(changed.length, `${name}: translated segments`).toBeGreaterThanOrEqual(Math.ceil(before.length / 2));
  expect(after.map((s) => stripCodes(s.text)).join("\n")).toMatch(spanish);
  return { before, after };
}

/**
 * The package keeps its entries in order; an entry without segments keeps its bytes; a changed
 * XML part is well-formed. (Segment ids and contexts name their part: `word/document.xml#2`.)
 */
function expectPackageKept(source: Uint8Array, out: Uint8Array, segments: readonly Segment[]): string[] {
  const partsWithText = new Set(segments.map((s) => s.id.slice(0, s.id.indexOf("#"))));
  const before = unzipSync(source);
  const after = unzipSync(out);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  const changed: string[] = [];
  for (const [name, data] of Object.entries(after)) {
    const original = before[name];
    if (original && Buffer.from(original).equals(Buffer.from(data))) continue;
    changed.push(name);
    expect(partsWithText.has(name), `${name} changed but holds no segment`).toBe(true);
    if (/\.(xml|rels)$/.test(name)) expectWellFormed(utf8(data), name);
  }
  expect(changed.length).toBeGreaterThan(0);
  return changed;
}

/** The formats whose shared-corpus files this test translates (the localization and subtitle formats have their own). */
const CORPUS_FORMATS = ["docx", "pptx", "xlsx", "html", "md", "txt"];
const corpus = corpusEntries(CORPUS_FORMATS);
/**
 * Files whose manifest sets no min_share but whose texts are mostly names Apertium rightly leaves
 * as they are (the domain's real-file test lists them too): the share they need.
 */
const MOSTLY_NAMES: Record<string, number> = {
  // R dataset column names: mpg, cyl, disp, drat, qsec, carb.
  "corpus/xlsx/readxl-datasets.xlsx": 0.25,
};
/** A text file's characters: UTF-8 when it is valid UTF-8, windows-1252 otherwise (as the txt filter reads it). */
const decodeText = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
};
/** A segment with a word of three letters or more, outside its codes, template tags and URLs. */
const hasWords = (text: string): boolean =>
  /\p{L}{3,}/u.test(stripCodes(text).replace(/\{\{[^}]*\}\}|\{%[^]*?%\}|https?:\/\/\S+/g, " "));

const pgUrl = process.env.TOLK_TEST_DATABASE_URL;
// README's test command runs this suite once on the embedded database and once on PostgreSQL
// (TOLK_TEST_DATABASE_URL set): each pass reads the files on its own database.
const databases = pgUrl ? (["postgres"] as const) : (["embedded"] as const);

describe.each(databases)("real files through HTTP with Apertium (%s)", (database) => {
  const data = tempDataDir();
  const scratch = mkdtempSync(join(tmpdir(), "tolk-e2e-po-"));
  const dbName = `tolk_e2e_real_${randomBytes(5).toString("hex")}`;
  let server: RunningServer;
  let key = "";

  beforeAll(async () => {
    let databaseUrl = "";
    if (database === "postgres") {
      const admin = postgres(pgUrl ?? "", { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${dbName}"`);
      await admin.end();
      const url = new URL(pgUrl ?? "");
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    const env = {
      TOLK_DATA_DIR: data.dir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      TOLK_STORAGE_DIR: join(data.dir, "documents"),
      S3_BUCKET: "",
    };
    const org = await tolk(
      ["org", "create", "--name", "Real files", "--plan", "enterprise", "--limits", JSON.stringify(LIMITS)],
      env,
    );
    key = String(org.api_key);
    server = await startServer(env);
  });
  afterAll(async () => {
    await server.stop();
    if (database === "postgres") {
      const admin = postgres(pgUrl ?? "", { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
    data.remove();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Uploads, expects 200, downloads the pre-signed link; the download equals `file_data`. */
  async function translate(name: string, file: Uint8Array, targetLang = "es"): Promise<Uint8Array> {
    const { status, text } = await post(name, file, targetLang);
    expect(status, text.slice(0, 500)).toBe(200);
    return download(name, text);
  }

  async function post(name: string, file: Uint8Array, targetLang: string): Promise<{ status: number; text: string }> {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(file)], name));
    form.set("source_lang", "en");
    form.set("target_lang", targetLang);
    const res = await fetch(`${server.url}/v1/translate/document`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    return { status: res.status, text: await res.text() };
  }

  async function download(name: string, text: string): Promise<Uint8Array> {
    const body = documentResponse.parse(JSON.parse(text));
    expect(body.data.filename).toBe(name);
    const link = new URL(body.data.download_url);
    const res = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(body.data.file_data, "base64")), "download = file_data").toBe(true);
    return bytes;
  }

  describe("LibreOffice-made Office files (fixtures/libreoffice/generate.sh)", () => {
    it("docx: body, header, footer and footnote translated; other entries byte-equal", async () => {
      const source = fixture("libreoffice/report.docx");
      const out = await translate("report.docx", source);
      const { before, after } = await expectSameSegmentsTranslated("report.docx", source, out, /Informe anual/);
      expect(after.find((s) => s.id === "word/document.xml#2")?.text).toMatch(/<g1>.+<\/g1>/);
      const changed = expectPackageKept(source, out, before);
      expect(changed).toEqual(expect.arrayContaining(["word/document.xml", "word/header1.xml", "word/footnotes.xml"]));
      // Bold, italic, the hyperlink, the footnote reference, the tab and the break are kept.
      const body = utf8(unzipSync(out)["word/document.xml"] ?? new Uint8Array());
      const sourceBody = utf8(unzipSync(source)["word/document.xml"] ?? new Uint8Array());
      for (const markup of [
        '<w:hyperlink r:id="rId2">',
        '<w:footnoteReference w:id="2"/>',
        "<w:b/>",
        "<w:i/>",
        "<w:tab/>",
        "<w:br/>",
      ]) {
        expect(sourceBody).toContain(markup);
        expect(body, markup).toContain(markup);
      }
    });

    it("pptx: slides and notes translated; masters, layouts and media byte-equal", async () => {
      const source = fixture("libreoffice/deck.pptx");
      const out = await translate("deck.pptx", source);
      const { before } = await expectSameSegmentsTranslated("deck.pptx", source, out, /reunión/);
      const changed = expectPackageKept(source, out, before);
      expect(changed).toEqual(
        expect.arrayContaining(["ppt/slides/slide1.xml", "ppt/slides/slide2.xml", "ppt/notesSlides/notesSlide1.xml"]),
      );
    });

    it("xlsx: shared strings translated; sheets, numbers and formulas byte-equal", async () => {
      const source = fixture("libreoffice/sales.xlsx");
      const out = await translate("sales.xlsx", source);
      const { before } = await expectSameSegmentsTranslated("sales.xlsx", source, out, /impuesto/);
      const changed = expectPackageKept(source, out, before);
      expect(changed).toEqual(["xl/sharedStrings.xml"]);
    });
  });

  it("po: a template made from a real catalog with msgunfmt; every entry translated, msgfmt -c clean", async () => {
    // sed's Spanish catalog, msgstr emptied (header kept): an English → Spanish template.
    const template = execFileSync("sh", [
      "-c",
      "msgunfmt /usr/share/locale/es/LC_MESSAGES/sed.mo | msgfilter -i - --keep-header sed -e d",
    ]);
    const source = new Uint8Array(template);
    const entries = (await extract("sed.po", source)).length;
    expect(entries).toBeGreaterThan(100);

    const out = await translate("sed.po", source);
    const path = join(scratch, "sed.es.po");
    writeFileSync(path, out);
    // msgfmt -c exits non-zero (execFileSync throws with its output) on any format or header
    // error; a warning would show up next to the statistics.
    const statistics = execFileSync("sh", ["-c", `msgfmt -c --statistics -o /dev/null "${path}" 2>&1`], {
      encoding: "utf8",
    });
    expect(statistics).toMatch(/^\d+ translated messages?\.\n$/);
    expect(await extract("sed.po", out), "no entry left untranslated").toEqual([]);

    // Everything but msgstr (and the header's Language/Plural-Forms) is kept: emptying msgstr
    // again gives the template's entries back, in order, with their comments.
    const entriesOnly = (file: string): string =>
      execFileSync(
        "sh",
        ["-c", `msgfilter -i "${file}" --keep-header sed -e d | awk 'BEGIN{RS="";ORS="\\n\\n"} NR>1'`],
        { encoding: "utf8" },
      );
    writeFileSync(join(scratch, "sed.pot"), source);
    expect(entriesOnly(path)).toBe(entriesOnly(join(scratch, "sed.pot")));
    expect(utf8(out)).toMatch(/msgstr ".*ayuda/);
  });

  // Every docx, pptx, xlsx, html, md and txt of the shared corpora (../shared/realdocs*, next to
  // the checkout), honouring the manifests' flags: translated, with the same segments, most of
  // them changed (or the file's min_share), and the structure its own tools read unchanged.
  describe.skipIf(corpus.length === 0)("shared real-file corpora (../shared/realdocs, ../shared/realdocs-2)", () => {
    it.each(corpus.map((e) => [`${e.corpus}/${e.file}`, e] as const))(
      "%s",
      async (_label, entry: CorpusEntry) => {
        const name = entry.file.slice(entry.file.lastIndexOf("/") + 1);
        const source = new Uint8Array(readFileSync(join(entry.dir, entry.file)));
        const targetLang = entry.target_lang ?? "es";
        const { status, text } = await post(name, source, targetLang);
        if (entry.expect_rejected && status === 400) {
          expect(text, "a refusal says why").toMatch(/line|column|invalid|not a valid/i);
          return;
        }
        expect(status, text.slice(0, 500)).toBe(200);
        const out = await download(name, text);
        if (entry.expect_untranslated) {
          expect(
            Buffer.from(out).equals(Buffer.from(source)),
            "nothing to translate: the file comes back as it was",
          ).toBe(true);
          return;
        }
        expect(structureProblems(extensionOf(name), source, out)).toEqual([]);
        const options = { sourceLang: "en", targetLang };
        const filter = filterFor(extensionOf(name));
        const before = (await filter?.extract(source, options)) ?? [];
        const after = (await filter?.extract(out, options)) ?? [];
        // What counts is the distinct texts with words (not "-0", a URL; a notes master's header
        // repeated on every notes page once): the share of them translated is the manifest's, or half.
        const words = new Set(before.map((s) => stripCodes(s.text)).filter(hasWords));
        const translated = new Set<string>();
        if (extensionOf(name) === "txt") {
          // Re-wrapped prose may read back as other blocks: a text is translated when it is gone.
          const flat = (t: string) => t.replace(/\s+/g, " ");
          const output = flat(decodeText(out));
          for (const text of words) if (!output.includes(flat(text))) translated.add(text);
        } else {
          expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
          after.forEach((s, i) => {
            const source = stripCodes(before[i]?.text ?? "");
            if (words.has(source) && stripCodes(s.text) !== source) translated.add(source);
          });
        }
        const share = entry.min_share ?? MOSTLY_NAMES[entry.file] ?? 0.5;
        expect(
          translated.size,
          `${translated.size} of ${words.size} texts with words translated, ${share} needed`,
        ).toBeGreaterThanOrEqual(Math.ceil(words.size * share));
        // A 394 KB book or a 60-page thesis takes Apertium a few minutes on two busy cores.
      },
      600_000,
    );
  });

  describe("small fixtures, one request each: structure kept", () => {
    it("html: the same tags in the same order, attributes translated where they are text", async () => {
      const source = fixture("html/features.html");
      const out = await translate("features.html", source);
      await expectSameSegmentsTranslated("features.html", source, out, /río/);
      const tags = (html: string): string[] => [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[0]);
      expect(tags(utf8(out))).toEqual(tags(utf8(source)));
    });

    it("md: front matter, headings, code spans and link targets kept", async () => {
      const source = fixture("markdown/features.md");
      const out = await translate("features.md", source);
      await expectSameSegmentsTranslated("features.md", source, out, /ríos|barcas|botes/i);
      const text = utf8(out);
      // Soft line breaks inside a paragraph are joined (the translation is one sentence); blocks,
      // their markers and hard breaks stay.
      const blocks = (md: string): string[] =>
        md
          .split(/\n{2,}/)
          .map(
            (block) =>
              block.match(/^(#+ |={3,}|-{3,}|> |- |\d+\. |\| |```|\s{4}|<div|\[\^1\]:|!\[|\[faq\]:)/)?.[0] ?? "",
          );
      expect(blocks(text)).toEqual(blocks(utf8(source)));
      expect(text).toMatch(/\*\* {2}\n> \S/);
      for (const kept of [
        "`npm install boat`",
        "(https://example.com/guide?a=1&b=2",
        "slug: getting-started",
        "date: 2024-05-01",
      ])
        expect(text).toContain(kept);
    });

    it("srt: cue numbers, timings and positions kept", async () => {
      const source = fixture("srt/features.srt");
      const out = await translate("features.srt", source);
      await expectSameSegmentsTranslated("features.srt", source, out, /lluvia|España/);
      const timing = (srt: string): string[] => srt.split(/\r?\n/).filter((l) => /^\d+$|-->/.test(l));
      expect(timing(utf8(out))).toEqual(timing(utf8(source)));
    });

    it("vtt: header, STYLE, REGION, NOTE blocks and timings kept", async () => {
      const source = fixture("vtt/features.vtt");
      const out = await translate("features.vtt", source);
      await expectSameSegmentsTranslated("features.vtt", source, out, /Adiós|Bienvenido/);
      const text = utf8(out);
      const src = utf8(source);
      const head = (vtt: string): string => vtt.slice(0, vtt.search(/^\S*\s*\d\d:\d\d[:.]/m));
      expect(head(text)).toBe(head(src));
      const timing = (vtt: string): string[] =>
        vtt.split(/\r?\n/).filter((l) => l.includes("-->") && !l.startsWith("NOTE"));
      expect(timing(text)).toEqual(timing(src));
    });

    it("json: the same keys, numbers and data-like strings; text values translated", async () => {
      const source = fixture("json/app.json");
      const out = await translate("app.json", source);
      await expectSameSegmentsTranslated("app.json", source, out, /cambios/);
      const text = utf8(out);
      expect(text).toContain("12345678901234567890");
      const shape = (value: unknown): unknown =>
        typeof value === "string"
          ? "string"
          : Array.isArray(value)
            ? value.map(shape)
            : value && typeof value === "object"
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
              : value;
      const [a, b] = [JSON.parse(text) as Record<string, unknown>, JSON.parse(utf8(source)) as Record<string, unknown>];
      expect(shape(a)).toEqual(shape(b));
      for (const k of ["link", "colour", "date", "uuid", "digits", "empty"]) expect(a[k], k).toBe(b[k]);
      expect(text).toMatch(/"title": +"[^"]*\{name\}!"/);
    });

    it("yaml: keys, comments, anchors and non-string values kept; the Rails root key becomes es", async () => {
      const source = fixture("yaml/rails-en.yml");
      const out = await translate("rails-en.yml", source);
      await expectSameSegmentsTranslated("rails-en.yml", source, out, /Hola|Salva|Enviar/);
      const keys = (yaml: string): string[] => yaml.split("\n").flatMap((l) => l.match(/^\s*[\w<-]+:/)?.[0] ?? []);
      expect(keys(utf8(out))).toEqual(keys(utf8(source)).map((k) => (k === "en:" ? "es:" : k)));
      for (const kept of [
        "# shown on the dashboard",
        "&defaults",
        "<<: *defaults",
        "confirm: *defaults",
        "enabled: yes",
        "disabled: off",
        "count: 42",
        '"1.0"',
        "%{name}",
      ])
        expect(utf8(out)).toContain(kept);
    });

    it("xliff 1.2: well-formed, every unit gets a Spanish target, inline g/x codes kept", async () => {
      const source = fixture("xliff/app-1.2.xlf");
      const out = await translate("app-1.2.xlf", source);
      const before = await extract("app-1.2.xlf", source);
      const text = utf8(out);
      expectWellFormed(text, "app-1.2.xlf");
      expect(text).toContain('target-language="es"');
      const unitIds = (x: string): string[] => [...x.matchAll(/<trans-unit id="([^"]+)"/g)].map((m) => m[1] ?? "");
      expect(unitIds(text)).toEqual(unitIds(utf8(source)));
      expect(await extract("app-1.2.xlf", out), "every unit translated").toEqual([]);
      expect(text.match(/<target[ >]/g)?.length).toBeGreaterThanOrEqual(before.length);
      expect(text).toMatch(/<target[^>]*>Bienvenido/);
      expect(text).toMatch(/<target[^>]*>[^<]*<g id="1" ctype="bold">/);
    });

    it("strings: keys, comments and escapes kept in order", async () => {
      const source = fixture("strings/InfoPlist.strings");
      const out = await translate("InfoPlist.strings", source);
      await expectSameSegmentsTranslated("InfoPlist.strings", source, out, /cámara/);
      const keys = (s: string): string[] => [...s.matchAll(/^"((?:[^"\\]|\\.)*)"\s*=/gm)].map((m) => m[1] ?? "");
      const text = utf8(out);
      expect(keys(text)).toEqual(keys(utf8(source)));
      expect(text.startsWith("// InfoPlist.strings\n")).toBe(true);
    });
  });
});
