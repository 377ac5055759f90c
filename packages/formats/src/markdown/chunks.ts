/**
 * Large Markdown files are parsed in top-level chunks: mdast with positions costs about a
 * thousand bytes of memory per byte of source, so a 5 MB file parsed whole would need gigabytes.
 * A chunk ends only where the parser is between top-level blocks anyway: at a blank line
 * followed by an unindented line, outside fenced code, multi-line HTML blocks and front matter.
 */

const TARGET = 64_000;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** HTML blocks that may hold blank lines (CommonMark types 1–5) and the text that ends each. */
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
const LINK_DEFINITION = /^ {0,3}\[((?:[^\]\\\n]|\\.)+)\]:/gm;

export interface Chunk {
  start: number;
  end: number;
}

export function markdownChunks(text: string, target = TARGET): Chunk[] {
  if (text.length <= target * 2) return [{ start: 0, end: text.length }];
  const chunks: Chunk[] = [];
  const lineBreak = /\r\n|\n|\r/g;
  let chunkStart = 0;
  let fence: string | undefined;
  let htmlEnd: RegExp | undefined;
  let frontMatter = /^(?:---|\+\+\+)[ \t]*(?:\r\n|\n|\r)/.test(text);
  let previousBlank = false;
  let lineStart = 0;
  let first = true;
  while (lineStart < text.length) {
    lineBreak.lastIndex = lineStart;
    const m = lineBreak.exec(text);
    const lineEnd = m ? m.index : text.length;
    const next = m ? m.index + m[0].length : text.length;
    const line = text.slice(lineStart, lineEnd);
    const blank = line.trim() === "";

    if (frontMatter) {
      if (!first && /^(?:---|\+\+\+)[ \t]*$/.test(line)) frontMatter = false;
    } else if (fence) {
      const close = FENCE.exec(line);
      if (close?.[1]?.startsWith(fence) && line.trim() === close[1]) fence = undefined;
    } else if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = undefined;
    } else {
      const cut =
        previousBlank &&
        !blank &&
        !/^[ \t]/.test(line) &&
        !/^(?:---|\+\+\+)/.test(line) &&
        lineStart - chunkStart >= target;
      if (cut) {
        chunks.push({ start: chunkStart, end: lineStart });
        chunkStart = lineStart;
      }
      const open = FENCE.exec(line);
      if (open?.[1]) fence = open[1];
      else {
        const html = HTML_BLOCKS.find(([start]) => start.test(line));
        if (html && !html[1].test(line.replace(html[0], ""))) htmlEnd = html[1];
      }
    }
    previousBlank = blank;
    first = false;
    lineStart = next;
  }
  chunks.push({ start: chunkStart, end: text.length });
  return chunks;
}

/**
 * Stub definitions for every link and footnote label of the file, appended to each chunk so a
 * reference resolves (and stays a reference) even when its definition sits in another chunk.
 */
export function definitionStubs(text: string): string {
  const labels = new Set<string>();
  for (const m of text.matchAll(LINK_DEFINITION)) if (m[1]) labels.add(m[1]);
  return [...labels].map((label) => `[${label}]: x`).join("\n");
}
