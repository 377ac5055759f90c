import { repairCodes } from "../common/inline-codes";
import { decodeText, encodeText } from "../common/text-encoding";
import { type FilterOptions, type FormatFilter, type Segment } from "../filter";
import { type Block, type Line, parseBlocks } from "./txt-blocks";

/**
 * Plain text. Blank-line blocks are the units; a hard-wrapped prose block is one segment
 * (its lines joined) and comes back re-wrapped to the block's original width, every other
 * block (lists, tables, short lines, indented code) goes line by line. Indentation, list
 * markers, trailing spaces, each line's EOL, the BOM, the encoding and the final newline are
 * kept. Files that are not UTF-8 (or UTF-16 with a BOM) are read as Latin-1 (windows-1252).
 */
export const txtFilter: FormatFilter = {
  extensions: ["txt"],

  extract(file) {
    const { text } = decodeTxt(file);
    return Promise.resolve(segmentsOf(parseBlocks(text)));
  },

  merge(file, translations, _options: FilterOptions) {
    const { text, encoding } = decodeTxt(file);
    let out = "";
    for (const block of parseBlocks(text)) out += renderBlock(block, translations);
    return Promise.resolve(encodeText(out, encoding));
  },
};

function decodeTxt(file: Uint8Array) {
  return decodeText(file, { fallback: legacyEncoding(file) });
}

// windows-1252 leaves five bytes undefined; a file using them can only be ISO-8859-1, which
// maps every byte, so the untouched parts still come back byte-identical.
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
function legacyEncoding(file: Uint8Array): string {
  for (const byte of file) if (UNDEFINED_IN_1252.has(byte)) return "latin1";
  return "windows-1252";
}

function segmentsOf(blocks: Block[]): Segment[] {
  const segments: Segment[] = [];
  blocks.forEach((block, b) => {
    if (block.kind === "blank") return;
    if (block.kind === "prose") {
      segments.push({ id: `b${b}`, text: block.lines.map((l) => l.content).join(" ") });
      return;
    }
    block.lines.forEach((line, l) => {
      if (line.content) segments.push({ id: `b${b}.${l}`, text: line.content });
    });
  });
  return segments;
}

/** The translation of a segment with codes made to agree with the source (txt has none of its own). */
function translated(id: string, source: string, translations: ReadonlyMap<string, string>): string {
  const t = translations.get(id);
  if (t === undefined) return source;
  // A translation never gains a line break: it would break the block structure.
  return (
    repairCodes(source, t)
      .replace(/\s*[\r\n]+\s*/g, " ")
      .trim() || source
  );
}

function renderBlock(block: Block, translations: ReadonlyMap<string, string>): string {
  const bi = block.index;
  if (block.kind === "blank") return block.lines.map(renderLine).join("");
  if (block.kind === "lines") {
    return block.lines.map((line, l) => renderLine({ ...line, content: line.content ? translated(`b${bi}.${l}`, line.content, translations) : "" })).join("");
  }
  const source = block.lines.map((l) => l.content).join(" ");
  const text = translated(`b${bi}`, source, translations);
  // Untranslated, the block keeps its own line breaks and spacing (two spaces after a full stop).
  if (text === source) return block.lines.map(renderLine).join("");
  const first = block.lines[0];
  const last = block.lines[block.lines.length - 1];
  if (!first || !last) return "";
  const wrapped = wrap(text, block.width, [...first.indent].length);
  return wrapped
    .map((words, i) => {
      const isLast = i === wrapped.length - 1;
      return renderLine({
        indent: first.indent,
        content: words,
        trailing: isLast ? last.trailing : block.wrapTrailing,
        eol: isLast ? last.eol : block.eol,
      });
    })
    .join("");
}

function renderLine(line: Line): string {
  return line.indent + line.content + line.trailing + line.eol;
}

/** Greedy word wrap to `width` code points, counting the lines' indentation. */
export function wrap(text: string, width: number, indent: number): string[] {
  const words = text.split(/ +/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    if (current && indent + length(current) + 1 + length(word) > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

function length(s: string): number {
  return [...s].length;
}
