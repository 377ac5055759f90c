/**
 * The real-file corpora (`/work/shared/realdocs`, `realdocs-2`, read in place) translated by a
 * fake engine that changes words, for the data and localization formats and subtitles: each
 * output is valid for its own tools (`msgfmt -c`, `xmllint --noout`, a YAML loader, JSON.parse,
 * a WebVTT parser), keeps its data and structure, and re-extracts to the same segments. The
 * unit-level counterpart of e2e/test/documents-real-files.test.ts for these formats.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { describe, expect, it } from "vitest";
import { WebVTTParser } from "webvtt-parser";
import { parseAllDocuments } from "yaml";

import { decodeText } from "../src/common/text-encoding";
import { FormatError, type Segment } from "../src/filter";
import { filterFor } from "../src/registry";

const repoRoot = resolve(import.meta.dirname, "..", "..", "..");
const CORPORA = ["realdocs", "realdocs-2"].map((name) => resolve(repoRoot, "..", "shared", name));
const FORMATS = new Set(["json", "yaml", "yml", "po", "pot", "xlf", "xliff", "strings", "srt", "vtt"]);
const BILINGUAL = new Set(["po", "pot", "xlf", "xliff"]);
const SUBTITLES = new Set(["srt", "vtt"]);

interface ManifestEntry {
  file: string;
  target_lang?: string;
  expect_rejected?: string;
  expect_untranslated?: boolean;
}

const entries = CORPORA.flatMap((dir) => {
  const manifestPath = resolve(dir, "manifest.json");
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { files: ManifestEntry[] };
  const corpus = dir.slice(dir.lastIndexOf("/") + 1);
  return manifest.files
    .map((entry) => ({
      ...entry,
      corpus,
      path: resolve(dir, entry.file),
      extension: entry.file.slice(entry.file.lastIndexOf(".") + 1),
    }))
    .filter((entry) => FORMATS.has(entry.extension));
});

const ACCENTS: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ó",
  u: "ú",
  y: "ý",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ó",
  U: "Ú",
};

/** Accents every word of three letters or more that stands between spaces: placeholders, codes and identifiers inside punctuation are never touched. */
const fakeEngine = (text: string) =>
  text.replace(/(?<=^|\s)(\p{L}{3,})(?=[\s.,!?:;]|$)/gu, (w) => w.replace(/[aeiouyAEIOU]/g, (c) => ACCENTS[c] ?? c));

function withTool(extension: string, bytes: Uint8Array, command: (path: string) => [string, string[]]): string {
  const dir = mkdtempSync(join(tmpdir(), "tolk-corpus-"));
  try {
    const path = join(dir, `out.${extension}`);
    writeFileSync(path, bytes);
    const [bin, args] = command(path);
    return execFileSync(bin, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The data with every string replaced by "S": what translation must not change. */
function shape(value: unknown): unknown {
  if (typeof value === "string") return "S";
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return value;
}

const textOf = (bytes: Uint8Array) => decodeText(bytes).text;

function expectValid(extension: string, source: Uint8Array, output: Uint8Array, name: string): void {
  switch (extension) {
    case "po":
    case "pot":
      // msgfmt -c exits non-zero (execFileSync throws with its output) on any format or header error.
      withTool("po", output, (path) => ["msgfmt", ["-c", "-o", "/dev/null", path]]);
      break;
    case "xlf":
    case "xliff":
      expect(
        withTool("xlf", output, (path) => ["xmllint", ["--noout", "--nonet", path]]),
        name,
      ).toBe("");
      break;
    case "json":
      expect(shape(JSON.parse(textOf(output))), name).toEqual(shape(JSON.parse(textOf(source))));
      break;
    case "yaml":
    case "yml": {
      const docs = parseAllDocuments(textOf(output));
      const list = Array.isArray(docs) ? docs : [];
      expect(
        list.flatMap((d) => d.errors.map((e) => e.message)),
        name,
      ).toEqual([]);
      const before = parseAllDocuments(textOf(source));
      const data = (d: typeof list) => d.map((doc) => shape(doc.toJS({ maxAliasCount: -1 })));
      // A Rails root key becomes the target language: compare below it.
      const unroot = (v: unknown): unknown =>
        v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 1
          ? (Object.values(v)[0] as unknown)
          : v;
      expect(data(list).map(unroot), name).toEqual(data(Array.isArray(before) ? before : []).map(unroot));
      break;
    }
    case "vtt": {
      const parse = (bytes: Uint8Array) => new WebVTTParser().parse(textOf(bytes).replace(/^\uFEFF/, ""), "metadata");
      expect(parse(output).cues.length, name).toBe(parse(source).cues.length);
      expect(parse(output).errors.length, name).toBeLessThanOrEqual(parse(source).errors.length);
      break;
    }
  }
}

describe.skipIf(entries.length === 0)("real files translated by a fake engine, checked by their own tools", () => {
  for (const entry of entries) {
    const name = `${entry.corpus}/${entry.file}`;
    it(name, { timeout: 60_000 }, async () => {
      const filter = filterFor(entry.extension);
      if (!filter) throw new Error(`no filter for ${entry.extension}`);
      const file = new Uint8Array(readFileSync(entry.path));
      const options = { sourceLang: "en", targetLang: entry.target_lang ?? "es" };
      let segments: Segment[];
      try {
        segments = await filter.extract(file, options);
      } catch (error) {
        if (entry.expect_rejected && error instanceof FormatError) return;
        throw error;
      }
      const translations = new Map(segments.map((s) => [s.id, fakeEngine(s.text)]));
      const output = await filter.merge(file, translations, options);
      expectValid(entry.extension, file, output, name);
      const changed = segments.filter((s) => translations.get(s.id) !== s.text);
      if (!entry.expect_untranslated && !BILINGUAL.has(entry.extension)) {
        // The same segments come back, holding the engine's words.
        const again = await filter.extract(output, options);
        expect(
          again.map((s) => s.id),
          name,
        ).toEqual(segments.map((s) => s.id));
        // Subtitles re-wrap a cue's lines, so spacing is compared loosely there.
        const loose = (t: string | undefined) =>
          SUBTITLES.has(entry.extension) ? (t ?? "").replace(/\s+/g, " ").trim() : t;
        expect(
          again.map((s) => loose(s.text)),
          name,
        ).toEqual(segments.map((s) => loose(translations.get(s.id))));
      }
      if (changed.length > 0) expect(Buffer.from(output).equals(Buffer.from(file)), name).toBe(false);
    });
  }
});
