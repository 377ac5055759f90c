import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { unzipSync } from "fflate";
import { SaxesParser } from "saxes";

/**
 * The shared real-file corpora next to the checkout (`../shared/realdocs`, `../shared/realdocs-2`:
 * files from public projects, each named with its source, commit and licence in the corpus's
 * manifest.json; read in place, never copied into this repository), and checks of a translated
 * file that use the format's own tools and readers rather than Tolk's filters: xmllint and saxes
 * for XML, the zip's entries, the tags of an HTML page, the code and syntax of a Markdown file,
 * the layout of a text file.
 */
const repoRoot = resolve(import.meta.dirname, "..", "..", "..");
export const CORPORA = ["realdocs", "realdocs-2"].map((name) => ({
  name,
  dir: resolve(repoRoot, "..", "shared", name),
}));

export interface CorpusEntry {
  corpus: string;
  dir: string;
  file: string;
  /** The target language when the file declares one (XLIFF); en→es otherwise. */
  target_lang?: string;
  /** The share of segments that must change: files that are mostly identifiers or names. */
  min_share?: number;
  /** Nothing to translate: the file must come back byte for byte. */
  expect_untranslated?: boolean;
  /** The file breaks its own format's rules: a 400 naming the problem is right too. */
  expect_rejected?: boolean;
  note?: string;
}

export function corpusEntries(extensions: readonly string[]): CorpusEntry[] {
  return CORPORA.flatMap(({ name, dir }) => {
    const manifest = join(dir, "manifest.json");
    if (!existsSync(manifest)) return [];
    const { files } = JSON.parse(readFileSync(manifest, "utf8")) as { files: Omit<CorpusEntry, "corpus" | "dir">[] };
    return files.filter((f) => extensions.includes(extensionOf(f.file))).map((f) => ({ ...f, corpus: name, dir }));
  });
}

export const extensionOf = (name: string): string => name.slice(name.lastIndexOf(".") + 1).toLowerCase();
const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Problems found in `output`, the translation of `source`; empty when it is right. */
export function structureProblems(ext: string, source: Uint8Array, output: Uint8Array): string[] {
  if (ext === "docx" || ext === "pptx" || ext === "xlsx") return officeProblems(ext, source, output);
  if (ext === "html") return htmlProblems(utf8(source), utf8(output));
  if (ext === "md") return markdownProblems(utf8(source), utf8(output));
  if (ext === "txt") return textProblems(source, output);
  return [];
}

/** xmllint's complaints about a document, without file names and line numbers. */
function xmllintErrors(xml: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), "tolk-xmllint-"));
  try {
    const path = join(dir, "part.xml");
    writeFileSync(path, xml);
    try {
      execFileSync("xmllint", ["--noout", "--nonet", path], { stdio: ["ignore", "ignore", "pipe"] });
      return [];
    } catch (e) {
      const stderr = String((e as { stderr?: Buffer }).stderr ?? e);
      return stderr.split("\n").flatMap((l) => /parser error : (.*)/.exec(l)?.[1]?.replace(/\d+/g, "N") ?? []);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function saxesError(xml: string): string | undefined {
  const parser = new SaxesParser({ xmlns: true });
  let error: string | undefined;
  parser.on("error", (e) => (error ??= e.message));
  parser.write(xml).close();
  return error;
}

/** Entries in order, unchanged entries byte-equal, changed XML parts well-formed (xmllint and saxes), one autofit per body. */
function officeProblems(ext: string, source: Uint8Array, output: Uint8Array): string[] {
  const problems: string[] = [];
  let before: Record<string, Uint8Array>;
  let after: Record<string, Uint8Array>;
  try {
    before = unzipSync(source);
    after = unzipSync(output);
  } catch (e) {
    return [`the output is not a zip: ${String(e)}`];
  }
  if (JSON.stringify(Object.keys(after)) !== JSON.stringify(Object.keys(before)))
    problems.push("the zip's entries changed");
  for (const [name, data] of Object.entries(after)) {
    const original = before[name];
    if (original && Buffer.from(original).equals(Buffer.from(data))) continue;
    if (!/\.(xml|rels)$/.test(name)) {
      problems.push(`${name} changed`);
      continue;
    }
    const lint = xmllintErrors(data);
    if (lint.length > 0) problems.push(`${name}: xmllint: ${lint[0]}`);
    const sax = saxesError(utf8(data));
    if (sax) problems.push(`${name}: ${sax}`);
    if (ext === "pptx") {
      for (const body of utf8(data).match(/<a:bodyPr\b[^>]*>[^]*?<\/a:bodyPr>/g) ?? []) {
        if ((body.match(/<a:(?:noAutofit|normAutofit|spAutoFit)\b/g) ?? []).length > 1)
          problems.push(`${name}: a:bodyPr with two autofit settings`);
      }
    }
  }
  return problems;
}

/** Attributes whose values are text (translated) or the page's language. */
const TEXT_ATTRIBUTES =
  /\s(?:alt|title|placeholder|aria-label|label|summary|content|value|lang|xml:lang)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/** The same start and end tags in order with the same markup attributes; an XHTML page no less well-formed. */
function htmlProblems(source: string, output: string): string[] {
  const problems: string[] = [];
  const tags = (html: string) =>
    [...html.replace(/<!--[^]*?-->/g, "").matchAll(/<\/?[a-zA-Z][^<>]*>/g)].map((m) =>
      m[0].replace(TEXT_ATTRIBUTES, ""),
    );
  const a = tags(source);
  const b = tags(output);
  const at = a.findIndex((t, i) => t !== b[i]);
  if (at >= 0 || a.length !== b.length)
    problems.push(`tags differ at ${at}: ${a[at] ?? "(end)"} / ${b[at] ?? "(end)"}`);
  const lang = /<html\b[^>]*>/i.exec(output)?.[0] ?? "";
  const langs = [...lang.matchAll(/\s(lang|xml:lang)="([^"]*)"/g)].map((m) => m[2]);
  if (new Set(langs).size > 1) problems.push(`<html> says two languages: ${lang}`);
  if (/^<\?xml|xmlns="http:\/\/www\.w3\.org\/1999\/xhtml"/m.test(source)) {
    const known = new Set(xmllintErrors(Buffer.from(source)));
    const added = xmllintErrors(Buffer.from(output)).filter((e) => !known.has(e));
    if (added.length > 0) problems.push(`xmllint: ${added[0]}`);
  }
  return problems;
}

const FENCED = /^ {0,3}(`{3,}|~{3,})[^]*?^ {0,3}\1[ \t]*$/gm;
const bag = (items: string[]) => [...items].sort().join("\n");

/** Code blocks, container fences, template tags, link targets and inline HTML tags come back as written. */
function markdownProblems(source: string, output: string): string[] {
  const problems: string[] = [];
  const checks: [string, (md: string) => string[]][] = [
    ["fenced code", (md) => md.match(FENCED) ?? []],
    ["container fences", (md) => md.split(/\r?\n/).filter((l) => /^[ \t>]*:{3,}/.test(l))],
    ["template tags", (md) => md.replace(FENCED, "").match(/\{%[^]*?%\}|\{\{[^]*?\}\}/g) ?? []],
    ["link targets", (md) => md.replace(FENCED, "").match(/\]\([^)\s]*/g) ?? []],
    [
      "inline HTML tags",
      (md) =>
        md
          .replace(FENCED, "")
          .replace(/`[^`\n]*`/g, "")
          .match(/<\/?[a-zA-Z][\w-]*(?:\s[^<>]*)?>/g) ?? [],
    ],
    ["character references", (md) => md.replace(FENCED, "").match(/&#?\w+;/g) ?? []],
  ];
  for (const [what, items] of checks) if (bag(items(source)) !== bag(items(output))) problems.push(`${what} changed`);
  return problems;
}

/** Lines without letters (blank lines, rules, examples' punctuation), line endings and Vim help notation kept. */
function textProblems(sourceBytes: Uint8Array, outputBytes: Uint8Array): string[] {
  const problems: string[] = [];
  const source = Buffer.from(sourceBytes).toString("latin1");
  const output = Buffer.from(outputBytes).toString("latin1");
  // Blank lines and rules (`=====`, `+----+`): re-wrapped prose changes only lines with words.
  const layout = (t: string) =>
    t.split(/\r\n|\n|\r/).filter((l) => !/[\p{L}\p{N}]/u.test(l) && !/^[ \t]*\S{1,2}[ \t]*$/.test(l));
  if (JSON.stringify(layout(source)) !== JSON.stringify(layout(output))) problems.push("blank lines or rules changed");
  const eols = (t: string) => ({ crlf: (t.match(/\r\n/g) ?? []).length, lf: (t.match(/(?<!\r)\n/g) ?? []).length });
  if (eols(source).lf === 0 && eols(output).lf > 0) problems.push("a CRLF file got bare LF line endings");
  if (/^\*[^*\s|]+\*\s/.test(source)) {
    const notation = (t: string) => t.match(/\|[^|\s"*]+\||\*[^*\s|"]+\*(?=\s)|<[A-Z][\w-]*>|CTRL-\S/g) ?? [];
    if (bag(notation(source)) !== bag(notation(output))) problems.push("Vim help tags, links or keys changed");
  }
  return problems;
}
