import { type Heading, type Nodes, type Paragraph, type PhrasingContent, type Root, type TableCell } from "mdast";

import { decodeHTML } from "entities";

import { InlineCodes } from "../common/inline-codes";
import { type ReferenceStyle } from "../html/entities";
import { frontMatterValues, type FrontMatterValue } from "./front-matter";
import { guardBlock, merged, templateTagRanges } from "./guards";
import { rangeOf, type Range } from "./parse";

/** Markup behind a code: a source range, or synthetic text (a shortcut link made explicit). */
export type Markup = Range | string;

/** A paragraph, heading or table cell: its translation replaces `range` on one line. */
export interface BlockUnit {
  kind: "block";
  id: string;
  context: string;
  text: string;
  range: Range;
  codes: InlineCodes<Markup>;
  style: ReferenceStyle;
  /** Table cells escape `|`. */
  cell: boolean;
  /** Paragraphs escape what would start another block at the beginning of their line. */
  lineStart: boolean;
  /** Punctuation the source escaped with a backslash (`\$`): a translation escapes it too. */
  escaped: string;
  /** Brackets, `_` and `~` the source wrote unescaped as plain text: a translation does too. */
  literal: string;
  /** A paragraph the source hard-wrapped: its translation is wrapped near the same width. */
  wrap?: Wrap;
}

export interface Wrap {
  /** The longest source line, prefix included. */
  width: number;
  /** The column the paragraph starts at. */
  column: number;
  /** What continuation lines start with (indentation, `> `). */
  prefix: string;
  eol: string;
}

/** Image alt text, a link title or a front matter value: replaces `range`. */
export interface InlineUnit {
  kind: "alt" | "title" | "yaml";
  id: string;
  context: string;
  text: string;
  range: Range;
  /** The title's delimiter, or the YAML scalar type. */
  style: string;
}

export type MarkdownUnit = BlockUnit | InlineUnit;

/** Heading attributes the source wrote (`## Setup {#setup}`, pandoc's `{.unnumbered}`, kramdown's `{: #id}`) stay out of the translation. */
const HEADING_ID = /[ \t]*\{[#.:][^{}\n]*\}[ \t]*$/;
/** Only line prefixes (blockquote markers, indentation) may sit between two inline nodes. */
const LINE_PREFIX = /^[ \t>]*$/;

export function markdownUnits(text: string, root: Root): MarkdownUnit[] {
  const units: MarkdownUnit[] = [];
  const nextId = () => String(units.length + 1);
  const tags = templateTagRanges(text, root);

  const addTitle = (raw: string, offset: number, context: string) => {
    const title = findTitle(raw);
    if (title && /\p{L}/u.test(title.text)) {
      units.push({
        kind: "title",
        id: nextId(),
        context,
        text: title.text,
        range: { start: offset + title.start, end: offset + title.end },
        style: title.delimiter,
      });
    }
  };

  const visit = (node: Nodes) => {
    const range = rangeOf(node);
    if (node.type === "yaml" && range) {
      const contentStart = text.indexOf(node.value, range.start);
      const line = (node.position?.start.line ?? 1) + 1;
      frontMatterValues(node.value, contentStart, line).forEach((v: FrontMatterValue) =>
        units.push({
          kind: "yaml",
          id: nextId(),
          context: `front matter ${v.key}`,
          text: v.text,
          range: v.range,
          style: v.type ?? "PLAIN",
        }),
      );
      return;
    }
    if (node.type === "definition" && range) {
      addTitle(text.slice(range.start, range.end), range.start, "link title");
      return;
    }
    if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") {
      const unit = buildBlock(text, node, tags, (n) => {
        const r = rangeOf(n);
        if (!r) return;
        const raw = text.slice(r.start, r.end);
        if (n.type === "image" || n.type === "imageReference") {
          const alt = findAlt(raw);
          if (alt && /\p{L}/u.test(n.alt ?? "")) {
            units.push({
              kind: "alt",
              id: nextId(),
              context: "image alt",
              text: n.alt ?? "",
              range: { start: r.start + alt.start, end: r.start + alt.end },
              style: "",
            });
          }
        }
        if (n.type === "image" || (n.type === "link" && raw.startsWith("["))) addTitle(raw, r.start, `${n.type} title`);
      });
      if (unit && /\p{L}/u.test(unit.plain)) {
        const context = node.type === "heading" ? `heading ${node.depth}` : node.type;
        units.push({
          kind: "block",
          id: nextId(),
          context,
          text: unit.text,
          range: unit.range,
          codes: unit.codes,
          style: markdownReferenceStyle(text.slice(unit.range.start, unit.range.end)),
          cell: node.type === "tableCell",
          lineStart: node.type === "paragraph",
          escaped: unit.escaped,
          literal: unit.literal,
          ...(node.type === "paragraph" ? wrapOf(text, unit.range) : {}),
        });
      }
      return;
    }
    // Code blocks, HTML blocks and math have no children to visit and are never translated.
    if ("children" in node) node.children.forEach(visit);
  };
  visit(root);
  return units;
}

/**
 * A block's inline content as segment text with codes. Emphasis, strong, strikethrough and links
 * are paired codes holding their exact delimiters and URL; code spans, raw HTML, breaks,
 * images, footnote references and autolinks are isolated codes. Guarded source (template tags,
 * container fences, inline syntax written as text: `./guards.ts`) is one isolated code, however
 * the parser cut it into nodes. `onInline` sees every inline node that is not guarded.
 */
function buildBlock(
  text: string,
  block: Paragraph | Heading | TableCell,
  tags: readonly Range[],
  onInline: (node: PhrasingContent) => void,
) {
  const first = block.children[0];
  const last = block.children[block.children.length - 1];
  const firstRange = first && rangeOf(first);
  const lastRange = last && rangeOf(last);
  if (!firstRange || !lastRange) return undefined;
  let idSuffix = "";
  let fullEnd = lastRange.end;
  if (block.type === "heading" && last.type === "text") {
    idSuffix = HEADING_ID.exec(text.slice(lastRange.start, lastRange.end))?.[0] ?? "";
    fullEnd -= idSuffix.length;
  }
  const guarded = guardBlock(text, { start: firstRange.start, end: fullEnd }, tags);
  if (!guarded || guarded.start >= guarded.end) return undefined;
  const { start, end, guards, textGuards } = guarded;

  const codes = new InlineCodes<Markup>();
  let cursor = start;
  let lastCode: Range | undefined;
  let broken = false;
  let plain = "";
  let escaped = "";
  let literal = "";
  /** The markup of the guarded code being read: nodes it reaches into join it. */
  let guardedCode: Range | undefined;
  const take = (range: Range) => {
    if (range.start !== cursor) {
      const gap = text.slice(cursor, range.start);
      if (range.start < cursor || !LINE_PREFIX.test(gap)) broken = true;
      // A line prefix after a hard break belongs to the break: the next line keeps its `> `.
      else if (lastCode && lastCode.end === cursor) lastCode.end = range.start;
    }
    cursor = range.end;
    lastCode = undefined;
  };
  const single = (range: Range) => {
    take(range);
    const markup = { ...range };
    lastCode = markup;
    return codes.single(markup);
  };
  const guardIn = (r: Range) => guards.find((g) => g.start < r.end && g.end > r.start);
  /** A guarded code over `markup`, grown over every guard it reaches into. */
  const guardedSingle = (markup: Range) => {
    for (let g = guardIn(markup); g && g.end > markup.end; g = guardIn({ start: markup.end - 1, end: markup.end + 1 }))
      markup.end = g.end;
    take(markup);
    guardedCode = markup;
    return codes.single(markup);
  };
  const note = (raw: string) => {
    for (const m of raw.matchAll(ESCAPE)) if (!escaped.includes(m[1] ?? "")) escaped += m[1] ?? "";
    for (const char of raw.replace(ESCAPE, "")) if ("[]_~".includes(char) && !literal.includes(char)) literal += char;
  };
  const textOf = (from: number, to: number) => {
    const raw = text.slice(from, to);
    note(raw);
    const value = decodeHTML(raw.replace(ESCAPE, "$1")).replace(/[ \t\r\n]+/g, " ");
    plain += value;
    return value;
  };
  /** A text node's source from `from` to `to`, guards as codes. */
  const textPieces = (from: number, to: number): string => {
    if (from !== cursor) take({ start: from, end: from });
    let out = "";
    let at = from;
    const inText = textGuards.filter((g) => g.start >= from && g.end <= to);
    for (const g of inText.length > 0 ? merged([...guards, ...inText]) : guards) {
      if (g.end <= at || g.start >= to) continue;
      out += textOf(at, g.start);
      cursor = g.start;
      out += guardedSingle({ start: g.start, end: g.end });
      at = g.end;
    }
    if (at < to) {
      out += textOf(at, to);
      cursor = to;
    }
    return out;
  };

  const render = (node: PhrasingContent): string => {
    const range = rangeOf(node);
    if (!range) {
      broken = true;
      return "";
    }
    // Cut-off fence lines, and nodes a guarded code has taken in.
    if (range.end <= start || range.start >= end) return "";
    if (guardedCode && range.start < guardedCode.end) {
      if (range.end <= guardedCode.end) return "";
      if (node.type !== "text") {
        guardedCode.end = range.end;
        cursor = range.end;
        return "";
      }
      const from = guardedCode.end;
      guardedCode = undefined;
      return textPieces(from, Math.min(range.end, end));
    }
    guardedCode = undefined;
    if (node.type === "text") {
      const clipped = { start: Math.max(range.start, start), end: Math.min(range.end, end) };
      const textGuard = textGuards.some((g) => g.start >= clipped.start && g.end <= clipped.end);
      if (
        textGuard ||
        guardIn(clipped) ||
        clipped.start !== range.start ||
        (end !== fullEnd && clipped.end !== range.end)
      )
        return textPieces(clipped.start, clipped.end);
      onInline(node);
      take(clipped);
      const raw = text.slice(clipped.start, clipped.end);
      note(raw);
      const value = (idSuffix && node === last ? node.value.replace(HEADING_ID, "") : node.value).replace(
        /[ \t\r\n]+/g,
        " ",
      );
      plain += value;
      return value;
    }
    const raw = text.slice(range.start, range.end);
    const paired =
      node.type === "emphasis" ||
      node.type === "strong" ||
      node.type === "delete" ||
      (node.type === "link" && raw.startsWith("[")) ||
      node.type === "linkReference";
    const children = "children" in node ? node.children : [];
    const innerFirst = children[0] && rangeOf(children[0]);
    const innerLast = children[children.length - 1] && rangeOf(children[children.length - 1] as PhrasingContent);
    const guard = guardIn(range);
    // A guard inside a link's or emphasis's text is handled there; one touching its markup takes the whole node.
    if (
      guard &&
      !(paired && innerFirst && innerLast && guard.start >= innerFirst.start && guard.end <= innerLast.end)
    ) {
      return guardedSingle({ start: Math.min(range.start, guard.start), end: Math.max(range.end, guard.end) });
    }
    onInline(node);
    if (!paired || !innerFirst || !innerLast) return single(range);
    if (node.type === "linkReference" && node.referenceType !== "full") {
      // `[text]` and `[text][]` use the text as the label: translating it would break the link,
      // so the label is written out (`[Text][text]`) where the translation starts.
      const label = raw.slice(1, node.referenceType === "shortcut" ? -1 : -3);
      const open = { start: range.start, end: innerFirst.start };
      take(open);
      const inner = children.map(render).join("");
      take({ start: innerLast.end, end: range.end });
      return codes.wrap(inner, open, `][${label}]`);
    }
    const open = { start: range.start, end: innerFirst.start };
    take(open);
    const inner = children.map(render).join("");
    guardedCode = undefined;
    const close = { start: innerLast.end, end: range.end };
    take(close);
    return codes.wrap(inner, open, close);
  };

  const segment = block.children.map(render).join("");
  if (broken || cursor !== end) return undefined;
  const trimmed = segment.replace(/^ +| +$/g, "");
  return { text: trimmed, plain, range: { start, end }, codes, escaped, literal };
}

/** A backslash escape of ASCII punctuation (CommonMark). */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;

/** How a paragraph spanning several source lines was wrapped, or nothing for a one-line paragraph. */
function wrapOf(text: string, range: Range): { wrap: Wrap } | Record<string, never> {
  const lineStart = text.lastIndexOf("\n", range.start - 1) + 1;
  const lines = text.slice(lineStart, range.end).split("\n");
  if (lines.length < 2) return {};
  const width = lines.reduce((max, l) => Math.max(max, l.replace(/\r$/, "").length), 0);
  const prefix = /^[ \t>]*/.exec(lines[1] ?? "")?.[0] ?? "";
  return { wrap: { width, column: range.start - lineStart, prefix, eol: lines[0]?.endsWith("\r") ? "\r\n" : "\n" } };
}

/** The alt text of `![alt](…)` or `![alt][ref]`: from after `![` to its matching `]`. */
function findAlt(raw: string): Range | undefined {
  if (!raw.startsWith("![")) return undefined;
  let depth = 0;
  for (let i = 2; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") i++;
    else if (c === "[") depth++;
    else if (c === "]") {
      if (depth === 0) return { start: 2, end: i };
      depth--;
    }
  }
  return undefined;
}

/** The title of an inline link/image (`… "title")`) or a definition (`[x]: url 'title'`). */
function findTitle(raw: string): { start: number; end: number; text: string; delimiter: string } | undefined {
  const m = /\s(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|\(((?:[^()\\]|\\.)*)\))[ \t]*\)?[ \t]*$/s.exec(raw);
  if (!m) return undefined;
  const value = m[1] ?? m[2] ?? m[3] ?? "";
  const delimiter = m[1] !== undefined ? '"' : m[2] !== undefined ? "'" : "(";
  const start = m.index + m[0].indexOf(delimiter) + 1;
  return {
    start,
    end: start + value.length,
    text: value.replace(/\\(.)/g, "$1").replace(/\s+/g, " ").trim(),
    delimiter,
  };
}

/** A unit found in a chunk, moved to file offsets and given its file-wide id. */
export function placeUnit(unit: MarkdownUnit, delta: number, id: string): MarkdownUnit {
  const move = (r: Range): Range => ({ start: r.start + delta, end: r.end + delta });
  if (unit.kind !== "block") return { ...unit, id, range: move(unit.range) };
  if (delta === 0) return { ...unit, id };
  const codes = new InlineCodes<Markup>();
  const moveMarkup = (m: Markup) => (typeof m === "string" ? m : move(m));
  for (const [key, pair] of unit.codes.paired)
    codes.paired.set(key, { open: moveMarkup(pair.open), close: moveMarkup(pair.close) });
  for (const [key, markup] of unit.codes.isolated) codes.isolated.set(key, moveMarkup(markup));
  return { ...unit, id, range: move(unit.range), codes };
}

const REFERENCE = /&(?:#\d+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g;

/**
 * The character references a block wrote (`&nbsp;`, `&lt;`, `&amp;`, `&#124;`): its translation
 * writes those characters the same way. Unlike HTML text, Markdown text may write `<`, `>`, `&`
 * and quotes as references too, and an author who did meant it (`&lt;div&gt;` is not `\<div>`).
 */
function markdownReferenceStyle(raw: string): ReferenceStyle {
  const style = new Map<string, string>();
  for (const m of raw.matchAll(REFERENCE)) {
    const char = decodeHTML(m[0]);
    if (char !== m[0] && [...char].length === 1 && !style.has(char)) style.set(char, m[0]);
  }
  return style;
}
