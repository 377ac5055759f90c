import { FormatError } from "../filter";

/**
 * A line parser for gettext PO/POT files that records where every keyword and every quoted
 * part sits, so merge rewrites only `msgstr` lines (and a few header lines) and leaves comments,
 * wrapping, `#|` previous strings and `#~` obsolete entries exactly as they were.
 */

export interface PoPart {
  /** Offsets of the quoted literal, quotes included. */
  start: number;
  end: number;
  value: string;
}

export interface PoString {
  keyword: string;
  /** The `n` of `msgstr[n]`. */
  index?: number;
  /** Offset of the keyword, and end of its last quoted part. */
  start: number;
  end: number;
  parts: PoPart[];
  value: string;
}

export interface PoEntry {
  /** Ordinal among the file's live (non-obsolete) entries: stable segment ids. */
  ordinal: number;
  flags: string[];
  /** `#,` lines, for removing the header's fuzzy flag. */
  flagLines: { start: number; end: number; text: string }[];
  msgctxt?: PoString;
  msgid: PoString;
  msgidPlural?: PoString;
  msgstr: PoString[];
}

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)[ \t]+(".*)$/;
const QUOTED = /^"((?:[^"\\]|\\.)*)"[ \t]*$/;

interface Draft {
  flags: string[];
  flagLines: PoEntry["flagLines"];
  strings: PoString[];
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let draft: Draft = { flags: [], flagLines: [], strings: [] };
  let draftLine = 0;
  const fail = (line: number, why: string): never => {
    throw new FormatError("invalid_file", `Invalid PO file at line ${line}: ${why}.`);
  };
  const finish = () => {
    if (draft.strings.length > 0) entries.push(toEntry(draft, entries.length, draftLine, fail));
    draft = { flags: [], flagLines: [], strings: [] };
  };
  const hasMsgstr = () => draft.strings.some((s) => s.keyword.startsWith("msgstr"));

  let offset = 0;
  const lines = text.split("\n");
  lines.forEach((raw, i) => {
    const lineStart = offset;
    offset += raw.length + 1;
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const lineNo = i + 1;
    const trimmed = line.trim();
    // gettext's lexer reads whitespace, blank lines included, between any two tokens: entries
    // end at the next keyword or comment, so a blank line inside a header's continuation
    // strings (Kodi's files have one) is accepted as msgfmt and translate-toolkit accept it.
    if (trimmed === "") return;
    if (line.startsWith("#")) {
      // A comment after an entry's strings starts the next entry.
      if (hasMsgstr()) finish();
      if (line.startsWith("#,")) {
        for (const flag of line.slice(2).split(",")) if (flag.trim()) draft.flags.push(flag.trim());
        draft.flagLines.push({ start: lineStart, end: lineStart + line.length, text: line });
      }
      if (draft.strings.length === 0) draftLine = lineNo;
      return;
    }
    const keyword = KEYWORD.exec(line);
    if (keyword) {
      const [, name = "", index, literal = ""] = keyword;
      if ((name === "msgid" || name === "msgctxt") && hasMsgstr()) finish();
      else if (name === "msgid" && draft.strings.some((s) => s.keyword === "msgid"))
        fail(lineNo, "a msgid without a msgstr before it");
      if (draft.strings.length === 0) draftLine = lineNo;
      const partStart = lineStart + line.length - literal.length;
      const value = unquote(literal, lineNo, fail);
      draft.strings.push({
        keyword: name.replace(/\[\d+\]$/, ""),
        index: index === undefined ? undefined : Number(index),
        start: lineStart,
        end: partStart + literal.trimEnd().length,
        parts: [{ start: partStart, end: partStart + literal.trimEnd().length, value }],
        value,
      });
      return;
    }
    if (trimmed.startsWith('"')) {
      const current = draft.strings[draft.strings.length - 1];
      if (!current) return fail(lineNo, "a quoted string without a keyword before it");
      const partStart = lineStart + line.indexOf('"');
      const value = unquote(trimmed, lineNo, fail);
      current.parts.push({ start: partStart, end: partStart + trimmed.length, value });
      current.value += value;
      current.end = partStart + trimmed.length;
      return;
    }
    fail(lineNo, `unexpected text "${trimmed.slice(0, 40)}"`);
  });
  finish();
  return entries;
}

function toEntry(draft: Draft, ordinal: number, line: number, fail: (line: number, why: string) => never): PoEntry {
  const find = (keyword: string) => draft.strings.filter((s) => s.keyword === keyword);
  const [msgid] = find("msgid");
  const msgstr = find("msgstr");
  if (!msgid) return fail(line, "an entry without msgid");
  if (msgstr.length === 0) return fail(line, "an entry without msgstr");
  const msgidPlural = find("msgid_plural")[0];
  if (msgidPlural && msgstr.some((s) => s.index === undefined)) return fail(line, "a plural entry needs msgstr[n]");
  return {
    ordinal,
    flags: draft.flags,
    flagLines: draft.flagLines,
    msgctxt: find("msgctxt")[0],
    msgid,
    msgidPlural,
    msgstr,
  };
}

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  '"': '"',
  "\\": "\\",
  "'": "'",
  "?": "?",
};

function unquote(literal: string, line: number, fail: (line: number, why: string) => never): string {
  const m = QUOTED.exec(literal.trimEnd());
  if (!m) return fail(line, "a string that is not properly quoted");
  return (m[1] ?? "").replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (all, esc: string) => {
    if (esc.startsWith("x")) return String.fromCharCode(parseInt(esc.slice(1), 16));
    if (/^[0-7]/.test(esc)) return String.fromCharCode(parseInt(esc, 8));
    const known = ESCAPES[esc];
    return known ?? fail(line, `an unknown escape ${all}`);
  });
}

/** A value as one quoted PO literal. */
export function quote(value: string): string {
  let escaped = "";
  for (const c of value) escaped += QUOTE_ESCAPES[c] ?? c;
  return `"${escaped}"`;
}

const QUOTE_ESCAPES: Record<string, string> = Object.fromEntries(
  Object.entries(ESCAPES)
    .filter(([name]) => name !== "'" && name !== "?")
    .map(([name, char]) => [char, `\\${name}`]),
);

const WIDTH = 79;

/**
 * `keyword "value"` in gettext's layout: one line when it fits and the message has no inner
 * line break (or `wrapped` is false), else `keyword ""` followed by parts broken after each
 * `\n` and at spaces so no line passes 79 columns.
 */
export function renderPoString(keyword: string, value: string, wrapped: boolean, eol: string): string {
  const single = `${keyword} ${quote(value)}`;
  const innerBreak = value.slice(0, -1).includes("\n");
  if (!wrapped && !innerBreak && single.length <= WIDTH) return single;
  return [`${keyword} ""`, ...wrapParts(value)].join(eol);
}

/** A value as quoted parts, broken after each `\n` and at spaces so no line passes 79 columns. */
export function wrapParts(value: string): string[] {
  const lines: string[] = [];
  for (const paragraph of value.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
    let rest = quote(paragraph).slice(1, -1);
    while (rest.length > WIDTH - 2) {
      // Break after the last space that fits (an escape sequence never contains a space).
      let cut = rest.lastIndexOf(" ", WIDTH - 3);
      if (cut <= 0) break;
      cut += 1;
      lines.push(`"${rest.slice(0, cut)}"`);
      rest = rest.slice(cut);
    }
    lines.push(`"${rest}"`);
  }
  return lines;
}
