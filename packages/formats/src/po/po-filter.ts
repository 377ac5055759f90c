import { appendAll } from "../common/arrays";
import iconv from "iconv-lite";

import { repairCodes } from "../common/inline-codes";
import { applyEdits, type TextEdit } from "../common/splice";
import { decodeText, dominantEol, encodeText, type TextEncoding } from "../common/text-encoding";
import { type FilterOptions, type FormatFilter, type Segment } from "../filter";
import { type PoEntry, parsePo, renderPoString, wrapParts } from "./parse";
import { gettextLanguage, parsePluralForms, type PluralRule, pluralRuleFor } from "./plural-forms";

/**
 * gettext PO and POT catalogs. Segments are the entries still to translate: msgstr empty, not
 * fuzzy (a fuzzy entry waits for a person), not obsolete (`#~`), not the header. A plural entry
 * gives two segments, the singular and the plural msgid; merge writes as many `msgstr[n]` as the
 * target language has forms and sets the header's `Language` and `Plural-Forms` to match.
 * `msgctxt` is context only. A POT comes back as a filled catalog (header fuzzy flag dropped,
 * charset set), ready to save as `.po`.
 *
 * A catalog in the source language (Weblate's English "translation" files: `Language: en`, or no
 * language and every msgstr copying its msgid) is read as a template, as XLIFF templates are:
 * every entry is translated whatever its msgstr holds, and `warn` says so.
 */

const PLURAL_SUFFIX = "/plural";
const DEFAULT_RULE: PluralRule = { header: "nplurals=2; plural=(n != 1);", count: 2, singularForm: 0 };

interface ParsedPo {
  text: string;
  encoding: TextEncoding;
  entries: PoEntry[];
  header?: PoEntry;
  /** The catalog holds the source language: its msgstrs are copies to translate again. */
  template: boolean;
}

function parse(file: Uint8Array, options: FilterOptions): ParsedPo {
  // The header's charset decides the encoding; it is ASCII, so a Latin-1 look finds it.
  const charset = /charset=([\w.:-]+)/i.exec(Buffer.from(file.subarray(0, 4096)).toString("latin1"))?.[1];
  const legacy = charset && !/^(utf-?8|charset)$/i.test(charset) ? charset : undefined;
  const decoded = decodeText(file, legacy ? { fallback: legacy } : {});
  const encoding =
    legacy && decoded.encoding.name === "utf-8" && !decoded.encoding.bom
      ? { name: legacy, bom: false }
      : decoded.encoding;
  const entries = parsePo(decoded.text);
  const first = entries[0];
  const header = first && first.msgid.value === "" && !first.msgctxt ? first : undefined;
  const template = isTemplate(entries, header, options);
  if (template) {
    options.warn?.(
      `The PO catalog is in the source language ("${options.sourceLang}"; its msgstrs copy the msgids): it was read as a template. Every entry was translated and the language set to "${options.targetLang}".`,
    );
  }
  return { text: decoded.text, encoding, entries, header, template };
}

const live = (entry: PoEntry, header: PoEntry | undefined) =>
  entry !== header && !entry.flags.includes("fuzzy") && entry.msgid.value.trim() !== "";

/** A catalog whose language is the source language, or without one whose every msgstr is a copy. */
function isTemplate(entries: readonly PoEntry[], header: PoEntry | undefined, options: FilterOptions): boolean {
  const filled = entries.filter((e) => live(e, header) && e.msgstr.some((s) => s.value !== ""));
  if (filled.length === 0) return false;
  const language = gettextLanguage(fields(header?.msgstr[0]?.value ?? "").get("language") ?? "").split("_")[0] ?? "";
  const source = gettextLanguage(options.sourceLang).split("_")[0] ?? "";
  if (language !== "") return language === source && language !== gettextLanguage(options.targetLang).split("_")[0];
  const sources = (e: PoEntry) => [e.msgid.value, e.msgidPlural?.value];
  return filled.every((e) => e.msgstr.every((s) => sources(e).includes(s.value)));
}

function needsTranslation(entry: PoEntry, parsed: Pick<ParsedPo, "header" | "template">): boolean {
  return live(entry, parsed.header) && (parsed.template || entry.msgstr.every((s) => s.value === ""));
}

export const poFilter: FormatFilter = {
  extensions: ["po", "pot"],

  async extract(file: Uint8Array, options: FilterOptions): Promise<Segment[]> {
    const parsed = parse(file, options);
    return parsed.entries
      .filter((e) => needsTranslation(e, parsed))
      .flatMap((e) => {
        const context = e.msgctxt?.value;
        const singular: Segment = {
          id: String(e.ordinal),
          text: e.msgid.value,
          ...(context === undefined ? {} : { context }),
        };
        if (!e.msgidPlural) return [singular];
        return [singular, { ...singular, id: `${e.ordinal}${PLURAL_SUFFIX}`, text: e.msgidPlural.value }];
      });
  },

  async merge(
    file: Uint8Array,
    translations: ReadonlyMap<string, string>,
    options: FilterOptions,
  ): Promise<Uint8Array> {
    const parsed = parse(file, { ...options, warn: undefined });
    const { text, encoding, entries, header } = parsed;
    const eol = dominantEol(text);
    const headerFields = header ? fields(header.msgstr[0]?.value ?? "") : new Map<string, string>();
    const target = gettextLanguage(options.targetLang);
    const existing = parsePluralForms(headerFields.get("plural-forms") ?? "");
    const headerIsTarget = gettextLanguage(headerFields.get("language") ?? "") === target;
    const rule = (headerIsTarget ? existing : undefined) ?? pluralRuleFor(target) ?? existing ?? DEFAULT_RULE;

    const edits: TextEdit[] = [];
    for (const entry of entries) {
      if (!needsTranslation(entry, parsed)) continue;
      const edit = entry.msgidPlural
        ? pluralEdit(entry, entry.msgidPlural.value, translations, rule, eol)
        : singularEdit(entry, translations, eol);
      if (edit) edits.push(edit);
    }
    if (edits.length === 0) return file;

    let outEncoding = encoding;
    if (header) {
      const set = new Map<string, string>([["Language", target]]);
      if (!(headerIsTarget && existing)) set.set("Plural-Forms", rule.header);
      const contentType = headerFields.get("content-type") ?? "";
      // A template's placeholder charset, or one that cannot hold the translations, becomes UTF-8.
      const wanted = applyEdits(text, edits);
      if (/charset=CHARSET/i.test(contentType) || !encodable(wanted, encoding)) {
        set.set(
          "Content-Type",
          contentType.replace(/charset=[\w.:-]+/i, "charset=UTF-8") || "text/plain; charset=UTF-8",
        );
        outEncoding = { name: "utf-8", bom: encoding.bom };
      }
      appendAll(appendAll(edits, headerEdits(header, set, eol)), unfuzzyHeader(header, text));
    } else {
      // Without a header gettext assumes ASCII and two plural forms: give it one, first in the file.
      const lines = [
        'msgid ""',
        'msgstr ""',
        ...wrapParts(`Content-Type: text/plain; charset=UTF-8\nLanguage: ${target}\nPlural-Forms: ${rule.header}\n`),
      ];
      edits.push({ start: 0, end: 0, text: lines.join(eol) + eol + eol });
      outEncoding = { name: "utf-8", bom: encoding.bom };
    }
    return encodeText(applyEdits(text, edits), outEncoding);
  },
};

function translationFor(id: string, source: string, translations: ReadonlyMap<string, string>): string | undefined {
  const raw = translations.get(id);
  return raw === undefined ? undefined : keepEdgeNewlines(source, repairCodes(source, raw));
}

/** msgfmt -c refuses a msgstr whose leading/trailing `\n` differ from the msgid's; engines drop them. */
function keepEdgeNewlines(source: string, translation: string): string {
  const lead = /^\n*/.exec(source)?.[0] ?? "";
  const trail = /\n*$/.exec(source)?.[0] ?? "";
  return lead + translation.replace(/^\n+|\n+$/g, "") + trail;
}

/** The msgid's layout decides the msgstr's: wrapped (`msgid ""` + parts) or on one line. */
const isWrapped = (entry: PoEntry) => entry.msgid.parts.length > 1;

function singularEdit(entry: PoEntry, translations: ReadonlyMap<string, string>, eol: string): TextEdit | undefined {
  const translation = translationFor(String(entry.ordinal), entry.msgid.value, translations);
  const msgstr = entry.msgstr[0];
  if (translation === undefined || !msgstr) return undefined;
  return { start: msgstr.start, end: msgstr.end, text: renderPoString("msgstr", translation, isWrapped(entry), eol) };
}

function pluralEdit(
  entry: PoEntry,
  pluralSource: string,
  translations: ReadonlyMap<string, string>,
  rule: PluralRule,
  eol: string,
): TextEdit | undefined {
  const one = translationFor(String(entry.ordinal), entry.msgid.value, translations);
  const other = translationFor(`${entry.ordinal}${PLURAL_SUFFIX}`, pluralSource, translations);
  const first = entry.msgstr[0];
  const last = entry.msgstr[entry.msgstr.length - 1];
  if ((one === undefined && other === undefined) || !first || !last) return undefined;
  const forms = Array.from({ length: rule.count }, (_, n) => {
    const value = n === rule.singularForm ? (one ?? other ?? "") : (other ?? one ?? "");
    return renderPoString(`msgstr[${n}]`, value, isWrapped(entry), eol);
  });
  return { start: first.start, end: last.end, text: forms.join(eol) };
}

/** Header fields by lower-cased name. */
function fields(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of header.split("\n")) {
    const at = line.indexOf(":");
    if (at > 0) out.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return out;
}

/** Sets header fields in place (a field's quoted parts replaced), or appends the missing ones. */
function headerEdits(header: PoEntry, set: ReadonlyMap<string, string>, eol: string): TextEdit[] {
  const msgstr = header.msgstr[0];
  if (!msgstr) return [];
  const edits: TextEdit[] = [];
  const appended: string[] = [];
  for (const [name, value] of set) {
    const line = wrapParts(`${name}: ${value}\n`).join(eol);
    const from = msgstr.parts.findIndex((p) => p.value.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    const start = msgstr.parts[from];
    if (from < 0 || !start) {
      appended.push(line);
      continue;
    }
    // A long field may be wrapped over several parts: it ends with the part that ends in \n.
    let to = from;
    while (to < msgstr.parts.length - 1 && !msgstr.parts[to]?.value.endsWith("\n")) to++;
    const end = msgstr.parts[to] ?? start;
    if (
      msgstr.parts
        .slice(from, to + 1)
        .map((p) => p.value)
        .join("") !== `${name}: ${value}\n`
    ) {
      edits.push({ start: start.start, end: end.end, text: line });
    }
  }
  if (appended.length > 0)
    edits.push({ start: msgstr.end, end: msgstr.end, text: appended.map((l) => eol + l).join("") });
  return edits;
}

/** A template's header is fuzzy until someone fills it; msgfmt ignores a fuzzy header. */
function unfuzzyHeader(header: PoEntry, text: string): TextEdit[] {
  return header.flagLines
    .filter((l) => /\bfuzzy\b/.test(l.text))
    .map((l) => {
      const rest = l.text
        .slice(2)
        .split(",")
        .map((f) => f.trim())
        .filter((f) => f && f !== "fuzzy");
      if (rest.length > 0) return { start: l.start, end: l.end, text: `#, ${rest.join(", ")}` };
      const lineEnd = text.indexOf("\n", l.end);
      return { start: l.start, end: lineEnd < 0 ? l.end : lineEnd + 1, text: "" };
    });
}

function encodable(text: string, encoding: TextEncoding): boolean {
  if (/^utf-?(8|16)/i.test(encoding.name)) return true;
  return iconv.decode(iconv.encode(text, encoding.name), encoding.name) === text;
}
