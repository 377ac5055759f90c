import { type GlossaryEntryInput, type GlossaryFileFormat } from "@tolk/contract";
import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

import { invalidFile } from "../shared/invalid-file";
import {
  type XmlElement,
  baseLanguage,
  childElements,
  escapeXml,
  parseXmlDocument,
  textContent,
} from "../shared/xml-tree";

/**
 * Glossary files, in and out.
 *
 * CSV and TSV: one entry per record, source term in the first column, target term in the
 * second; further columns (notes) are ignored. A first record that is a header ("source,target",
 * "source_term,target_term", "term,translation", or the glossary's two language codes) is skipped.
 * RFC 4180 quoting (csv-parse); a UTF-8 byte-order mark is ignored.
 *
 * TBX: TBX-Basic / ISO 30042 `<martif>` (2008) and TBX v3 `<tbx>` (2019) documents. Each
 * `<termEntry>` / `<conceptEntry>` gives one entry: the first `<term>` of its `<langSet>` /
 * `<langSec>` whose xml:lang is the glossary's source language, and the same for the target.
 * Entries without both languages are skipped (counted). DTDs are refused (see xml-tree.ts).
 */

export interface ParsedGlossaryFile {
  entries: GlossaryEntryInput[];
  skipped: number;
}

const MAX_TERM = 500;
const HEADERS = [
  ["source", "target"],
  ["source_term", "target_term"],
  ["term", "translation"],
];

function checkedTerm(value: string, where: string, column: string): string {
  const term = value.trim();
  if (term.length === 0) throw invalidFile(where, `the ${column} term is empty`);
  if (term.length > MAX_TERM) throw invalidFile(where, `the ${column} term has more than ${MAX_TERM} characters`);
  return term;
}

export function parseDelimitedGlossary(
  text: string,
  options: { delimiter: "," | "\t"; sourceLang: string; targetLang: string },
): ParsedGlossaryFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: options.delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // TSV files rarely quote; a stray quote inside a term is then a literal character.
      quote: options.delimiter === "\t" ? false : '"',
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = typeof err.lines === "number" ? err.lines : undefined;
      throw invalidFile(line === undefined ? "the file" : `line ${line}`, err.message.replace(/ at line \d+$/u, ""));
    }
    throw err;
  }
  const entries: GlossaryEntryInput[] = [];
  const skipped = 0;
  records.forEach(({ record, info }, index) => {
    if (record.every((f) => f.trim() === "")) return;
    const where = `line ${info.lines}`;
    if (index === 0 && isHeader(record, options)) return;
    if (record.length < 2) throw invalidFile(where, "a record needs two columns, the source term and the target term");
    entries.push({
      source: checkedTerm(record[0] ?? "", where, "source"),
      target: checkedTerm(record[1] ?? "", where, "target"),
    });
  });
  return { entries, skipped };
}

function isHeader(record: string[], langs: { sourceLang: string; targetLang: string }): boolean {
  const [a, b] = record.map((f) => f.trim().toLowerCase());
  if (a === undefined || b === undefined) return false;
  return (
    HEADERS.some(([x, y]) => x === a && y === b) ||
    (baseLanguage(a) === langs.sourceLang && baseLanguage(b) === langs.targetLang)
  );
}

const ENTRY = new Set(["termEntry", "conceptEntry"]);
const LANG = new Set(["langSet", "langSec"]);

export function parseTbx(text: string, options: { sourceLang: string; targetLang: string }): ParsedGlossaryFile {
  const root = parseXmlDocument(text);
  if (root.name !== "martif" && root.name !== "tbx") {
    throw invalidFile(`line ${root.line}`, `the root element is <${root.name}>, a TBX file has <martif> or <tbx>`);
  }
  const entries: GlossaryEntryInput[] = [];
  let skipped = 0;
  for (const entry of descendants(root, ENTRY)) {
    const source = firstTerm(entry, options.sourceLang);
    const target = firstTerm(entry, options.targetLang);
    if (source === null || target === null) {
      skipped++;
      continue;
    }
    entries.push({ source, target });
  }
  return { entries, skipped };
}

function descendants(element: XmlElement, names: Set<string>): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of childElements(element)) {
    if (names.has(child.name)) out.push(child);
    else out.push(...descendants(child, names));
  }
  return out;
}

function firstTerm(entry: XmlElement, lang: string): string | null {
  for (const langSet of childElements(entry).filter((c) => LANG.has(c.name))) {
    const code = langSet.attributes["xml:lang"] ?? langSet.attributes.lang;
    if (code === undefined) throw invalidFile(`line ${langSet.line}`, `<${langSet.name}> has no xml:lang attribute`);
    if (baseLanguage(code) !== lang) continue;
    const [term] = descendants(langSet, new Set(["term"]));
    if (!term) throw invalidFile(`line ${langSet.line}`, `<${langSet.name} xml:lang="${code}"> has no <term>`);
    return checkedTerm(textContent(term), `line ${term.line}, <term>`, lang);
  }
  return null;
}

export function writeGlossaryFile(
  format: GlossaryFileFormat,
  glossary: { id: string; name: string; sourceLang: string; targetLang: string },
  entries: readonly { id: string; source: string; target: string }[],
): { body: string; contentType: string; extension: string } {
  if (format === "tbx")
    return { body: writeTbx(glossary, entries), contentType: "application/x-tbx+xml; charset=utf-8", extension: "tbx" };
  const delimiter = format === "tsv" ? "\t" : ",";
  const body = stringify([["source", "target"], ...entries.map((e) => [e.source, e.target])], {
    delimiter,
    record_delimiter: "unix",
  });
  return {
    body,
    contentType: `${format === "tsv" ? "text/tab-separated-values" : "text/csv"}; charset=utf-8`,
    extension: format,
  };
}

function writeTbx(
  glossary: { id: string; name: string; sourceLang: string; targetLang: string },
  entries: readonly { id: string; source: string; target: string }[],
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<martif type="TBX-Basic" xml:lang="${escapeXml(glossary.sourceLang)}">`,
    "  <martifHeader>",
    "    <fileDesc>",
    `      <titleStmt><title>${escapeXml(glossary.name)}</title></titleStmt>`,
    `      <sourceDesc><p>Tolk glossary ${escapeXml(glossary.id)}</p></sourceDesc>`,
    "    </fileDesc>",
    "  </martifHeader>",
    "  <text>",
    "    <body>",
  ];
  for (const e of entries) {
    lines.push(
      `      <termEntry id="${escapeXml(e.id)}">`,
      `        <langSet xml:lang="${escapeXml(glossary.sourceLang)}"><tig><term>${escapeXml(e.source)}</term></tig></langSet>`,
      `        <langSet xml:lang="${escapeXml(glossary.targetLang)}"><tig><term>${escapeXml(e.target)}</term></tig></langSet>`,
      "      </termEntry>",
    );
  }
  lines.push("    </body>", "  </text>", "</martif>", "");
  return lines.join("\n");
}
