import { repairCodes, stripCodes } from "../common/inline-codes";
import { decodeText, encodeText } from "../common/text-encoding";
import { type FilterOptions, type FormatFilter, type Segment } from "../filter";
import { type Block, type Line, parseBlocks } from "./txt-blocks";
import { exampleLines, expand, isVimHelp, protect, tokenPattern } from "./txt-tokens";

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
    return Promise.resolve(segmentsOf(read(text)));
  },

  merge(file, translations, _options: FilterOptions) {
    const { text, encoding } = decodeTxt(file);
    const page = read(text);
    let out = "";
    for (const block of page.blocks) out += renderBlock(block, page, translations);
    return Promise.resolve(encodeText(out, encoding));
  },
};

interface Page {
  blocks: Block[];
  /** Codes for the tokens that are not words (`./txt-tokens.ts`). */
  tokens: RegExp;
  /** Lines that are code (Vim help examples, shell prompt lines): never segments. */
  code: Set<Line>;
}

function read(text: string): Page {
  const vimHelp = isVimHelp(text);
  const blocks = parseBlocks(text).map((block): Block => {
    // A prompt line (`$ make install`) is a command: the block goes line by line, the command untouched.
    if (block.kind === "prose" && block.lines.some((l) => PROMPT.test(l.content)))
      return { kind: "lines", index: block.index, lines: block.lines };
    return block;
  });
  const code = vimHelp ? exampleLines(blocks.flatMap((b) => b.lines)) : new Set<Line>();
  for (const block of blocks) for (const line of block.lines) if (PROMPT.test(line.content)) code.add(line);
  // A wrapped paragraph with an example line in it goes line by line, the example untouched.
  return {
    tokens: tokenPattern(vimHelp),
    code,
    blocks: blocks.map((b) =>
      b.kind === "prose" && b.lines.some((l) => code.has(l)) ? { kind: "lines", index: b.index, lines: b.lines } : b,
    ),
  };
}

/** A shell prompt (`$ ./configure --prefix=PREFIX`): what follows is a command to type as it is. */
const PROMPT = /^\$ (?![\d.,]+(?:\s|$))\S/;

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

function segmentsOf(page: Page): Segment[] {
  const segments: Segment[] = [];
  const add = (id: string, content: string) => {
    const { text } = protect(content, page.tokens);
    if (/\p{L}/u.test(stripCodes(text))) segments.push({ id, text });
  };
  page.blocks.forEach((block, b) => {
    if (block.kind === "blank") return;
    if (block.kind === "prose") {
      add(`b${b}`, block.lines.map((l) => l.content).join(" "));
      return;
    }
    block.lines.forEach((line, l) => {
      if (line.content && !page.code.has(line)) add(`b${b}.${l}`, line.content);
    });
  });
  return segments;
}

/**
 * The translation of `content` with its tokens written back, or `content` itself when there is
 * none or it is the source's text.
 */
function translated(id: string, content: string, page: Page, translations: ReadonlyMap<string, string>): string {
  const t = translations.get(id);
  if (t === undefined) return content;
  const source = protect(content, page.tokens);
  if (t === source.text) return content;
  // A translation never gains a line break: it would break the block structure.
  const text = repairCodes(source.text, t)
    .replace(/\s*[\r\n]+\s*/g, " ")
    .trim();
  return text ? source.prefix + expand(text, source.tokens) + source.suffix : content;
}

function renderBlock(block: Block, page: Page, translations: ReadonlyMap<string, string>): string {
  const bi = block.index;
  if (block.kind === "blank") return block.lines.map(renderLine).join("");
  if (block.kind === "lines") {
    return block.lines
      .map((line, l) =>
        renderLine({
          ...line,
          content:
            line.content && !page.code.has(line)
              ? translated(`b${bi}.${l}`, line.content, page, translations)
              : line.content,
        }),
      )
      .join("");
  }
  const source = block.lines.map((l) => l.content).join(" ");
  const text = translated(`b${bi}`, source, page, translations);
  // Untranslated, the block keeps its own line breaks and spacing (two spaces after a full stop).
  if (text === source) return block.lines.map(renderLine).join("");
  const first = block.lines[0];
  const last = block.lines[block.lines.length - 1];
  if (!first || !last) return "";
  // The tokens that end the block (a Vim example's ` >`) stay on its last line.
  const { suffix } = protect(source, page.tokens);
  const body = suffix && text.endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text;
  const wrapped = wrap(body, block.width, [...first.indent].length);
  return wrapped
    .map((words, i) => {
      const isLast = i === wrapped.length - 1;
      return renderLine({
        indent: first.indent,
        content: isLast && body !== text ? words + suffix : words,
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
