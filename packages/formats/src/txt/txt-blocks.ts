import { maxOf } from "../common/arrays";

/** One line of a text file, cut so that `indent + content + trailing + eol` is the line exactly. */
export interface Line {
  /** Leading whitespace, plus a list marker ("- ", "* ", "1. ", "a) ") and the spaces after it. */
  indent: string;
  /** What is translated: no leading or trailing whitespace. Empty on a blank line. */
  content: string;
  trailing: string;
  /** "\r\n", "\n", "\r", or "" on a last line without a final newline. */
  eol: string;
}

export type Block =
  | { kind: "blank"; index: number; lines: Line[] }
  /** Line by line: lists, tables, short lines, code. */
  | { kind: "lines"; index: number; lines: Line[] }
  /** Hard-wrapped prose: one segment, re-wrapped to `width` on the way out. */
  | { kind: "prose"; index: number; lines: Line[]; width: number; eol: string; wrapTrailing: string };

// Below this the lines are not wrapped prose but short lines on purpose (an address, a poem).
const MIN_WRAP_WIDTH = 40;
const LIST_MARKER = /^(?:[-*+•‣◦–]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})[.)])[ \t]+/;
// A tab or a run of three spaces inside a line lines up columns: a table, not prose.
const COLUMNS = /\t| {3,}/;

/** Splits text into lines, each with its own line ending. */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  while (at < text.length) {
    let end = at;
    while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
    let eol = "";
    if (text[end] === "\r") eol = text[end + 1] === "\n" ? "\r\n" : "\r";
    else if (text[end] === "\n") eol = "\n";
    lines.push(cutLine(text.slice(at, end), eol));
    at = end + eol.length;
  }
  return lines;
}

function cutLine(raw: string, eol: string): Line {
  const content = raw.trim();
  if (!content) return { indent: raw, content: "", trailing: "", eol };
  const lead = raw.length - raw.trimStart().length;
  const tail = raw.trimEnd().length;
  const marker = LIST_MARKER.exec(raw.slice(lead));
  const indentEnd = lead + (marker && marker[0].length < tail - lead ? marker[0].length : 0);
  return { indent: raw.slice(0, indentEnd), content: raw.slice(indentEnd, tail), trailing: raw.slice(tail), eol };
}

/** Groups lines into blank-line separated blocks and decides how each is translated. */
export function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Line[] = [];
  let blank = false;
  const flush = () => {
    if (current.length === 0) return;
    const index = blocks.length;
    blocks.push(blank ? { kind: "blank", index, lines: current } : classify(index, current));
    current = [];
  };
  for (const line of splitLines(text)) {
    const isBlank = line.content === "";
    if (current.length > 0 && isBlank !== blank) flush();
    blank = isBlank;
    current.push(line);
  }
  flush();
  return blocks;
}

function width(line: Line): number {
  return [...line.indent].length + [...line.content].length;
}

function classify(index: number, lines: Line[]): Block {
  const asLines: Block = { kind: "lines", index, lines };
  const first = lines[0];
  if (lines.length < 2 || !first) return asLines;
  if (lines.some((l) => LIST_MARKER.test(l.indent.trimStart()) || COLUMNS.test(l.content))) return asLines;
  // One indentation throughout: a differently indented line is code or a hanging label.
  if (lines.some((l) => l.indent !== first.indent)) return asLines;
  const max = maxOf(lines.map(width));
  if (max < MIN_WRAP_WIDTH) return asLines;
  const inner = lines.slice(0, -1);
  // Line endings and trailing spaces of the wrapped lines must agree, so the re-wrapped lines can keep them.
  if (inner.some((l) => l.eol !== first.eol || l.trailing !== first.trailing)) return asLines;
  // Wrapped means each line broke because the next word would not have fit.
  const wrapped = inner.every((line, i) => {
    const next = lines[i + 1];
    const nextWord = next?.content.split(" ")[0] ?? "";
    return width(line) + 1 + [...nextWord].length > max;
  });
  if (!wrapped) return asLines;
  return { kind: "prose", index, lines, width: max, eol: first.eol, wrapTrailing: first.trailing };
}
