import { expandCodes, repairCodes, tokenizeCodes } from "../common/inline-codes";
import { withNestingLimit } from "../common/nesting";
import { applyEdits, partitionEdits, renderRange, type TextEdit } from "../common/splice";
import { decodeText, encodeText } from "../common/text-encoding";
import { FormatError, type FormatFilter, type Segment } from "../filter";
import { escapeAlt, escapeMarkdown, escapeTitle } from "./escape";
import { encodeScalar } from "./front-matter";
import { readMarkdownUnits } from "./read";
import { type BlockUnit, type Markup, type Wrap } from "./units";

function read(file: Uint8Array) {
  if (file.length === 0) throw new FormatError("invalid_file", "The file is empty.");
  const decoded = decodeText(file);
  const nul = decoded.text.indexOf("\0");
  if (nul >= 0) {
    const line = decoded.text.slice(0, nul).split("\n").length;
    throw new FormatError("invalid_file", `Line ${line}: a NUL character; this is not a Markdown file.`);
  }
  refuseDeepNesting(decoded.text);
  return { ...decoded, units: withNestingLimit("Markdown", () => readMarkdownUnits(decoded.text)) };
}

/** Container prefixes (indentation, `>`, list markers) longer than this are refused. */
const MAX_PREFIX = 256;
const PREFIX = /^(?:[ \t>]|[-+*][ \t]|\d{1,9}[.)][ \t])*/;

/** Emphasis delimiters (`*`, `_`, `~`) allowed in one blank-line-separated block. */
const MAX_DELIMITERS = 5000;

/**
 * The Markdown parser's cost grows with the cube of container nesting (800 nested list items
 * took a minute) and with the square of emphasis delimiters in a block (40,000 `*` took
 * minutes), so a file beyond what any document needs is refused up front.
 */
function refuseDeepNesting(text: string): void {
  let line = 1;
  let blockStart = 1;
  let delimiters = 0;
  for (const content of text.split(/\r\n|\n|\r/)) {
    if (content.trim() === "") {
      delimiters = 0;
      blockStart = line + 1;
    }
    if ((PREFIX.exec(content)?.[0].length ?? 0) > MAX_PREFIX) {
      throw new FormatError(
        "invalid_file",
        `Line ${line}: lists or quotes nest too deeply (more than ${MAX_PREFIX} characters of indentation and markers).`,
      );
    }
    delimiters += content.length - content.replace(/[*_~]/g, "").length;
    if (delimiters > MAX_DELIMITERS) {
      throw new FormatError(
        "invalid_file",
        `Line ${blockStart}: the block starting here holds more than ${MAX_DELIMITERS} emphasis delimiters (* _ ~).`,
      );
    }
    line++;
  }
}

/**
 * Markdown (CommonMark + GFM + YAML front matter): paragraphs, headings, table cells, image
 * alt text, link titles and whitelisted front matter values, spliced into the source so
 * delimiters, URLs, code and HTML keep their bytes.
 */
export const markdownFilter: FormatFilter = {
  extensions: ["md"],

  async extract(file) {
    return read(file).units.map((u): Segment => ({ id: u.id, text: u.text, context: u.context }));
  },

  async merge(file, translations) {
    const { text, encoding, units } = read(file);
    const inline: TextEdit[] = [];
    const blocks: { unit: BlockUnit; translation: string }[] = [];
    for (const unit of units) {
      const translation = translations.get(unit.id);
      if (translation === undefined || translation === unit.text || translation.trim() === "") continue;
      const repaired = repairCodes(unit.text, translation);
      if (unit.kind === "block") blocks.push({ unit, translation: repaired });
      else if (unit.kind === "yaml") inline.push({ ...unit.range, text: encodeScalar(repaired, unit.style) });
      else if (unit.kind === "alt") inline.push({ ...unit.range, text: escapeAlt(repaired) });
      else inline.push({ ...unit.range, text: escapeTitle(repaired, unit.style) });
    }
    // Codes render their source markup with any alt or title translation inside it.
    const { inside, outside } = partitionEdits(
      inline,
      blocks.map((b) => b.unit.range),
    );
    const blockSplices = blocks.map(({ unit, translation }) => {
      const nested = inside.get(unit.range) ?? [];
      const render = (markup: Markup) => (typeof markup === "string" ? markup : renderRange(text, markup, nested));
      return { ...unit.range, text: renderBlock(unit, translation, render) };
    });
    return encodeText(applyEdits(text, [...blockSplices, ...outside]), encoding);
  },
};

function renderBlock(unit: BlockUnit, translation: string, render: (markup: Markup) => string): string {
  // Emphasis cannot open before or close after a space (`* x*` is literal): keep spaces outside codes.
  const tidy = translation
    .replace(/<g(\d+)>(\s+)/g, "$2<g$1>")
    .replace(/(\s+)<\/g(\d+)>/g, "</g$2>$1")
    .replace(/ {2,}/g, " ")
    .trim();
  let first = tokenizeCodes(tidy)[0]?.kind === "text";
  const escape = (s: string) => {
    const out = escapeMarkdown(s, {
      style: unit.style,
      cell: unit.cell,
      lineStart: unit.lineStart && first,
      escaped: unit.escaped,
      literal: unit.literal,
    });
    first = false;
    return out;
  };
  if (!unit.wrap) return expandCodes(tidy, unit.codes, escape, render);
  return wrapped(tidy, unit.wrap, (piece) => expandCodes(piece, unit.codes, escape, render));
}

/** What must not begin a continuation line: it would start a list, quote, heading or table. */
const BLOCK_START_WORD = /^(?:[-+*>#=|]|\d{1,9}[.)])/;

/**
 * A hard-wrapped paragraph's translation, wrapped again: words are filled greedily up to the
 * source's widest line, continuation lines get the source's prefix, and a break is only ever
 * made at a space in translated text (never inside a code's markup).
 */
function wrapped(tidy: string, wrap: Wrap, expand: (piece: string) => string): string {
  let out = "";
  let column = wrap.column;
  let word = "";
  let space = false;
  let lineHasWord = false;
  const flush = () => {
    if (word === "") return;
    if (space && lineHasWord) {
      const breakHere = column + 1 + (word.split("\n")[0] ?? "").length > wrap.width && !BLOCK_START_WORD.test(word);
      out += breakHere ? wrap.eol + wrap.prefix : " ";
      column = breakHere ? wrap.prefix.length : column + 1;
    }
    out += word;
    const newline = word.lastIndexOf("\n");
    column = newline >= 0 ? word.length - newline - 1 : column + word.length;
    lineHasWord = true;
    word = "";
    space = false;
  };
  for (const token of tidy.split(/(<\/?g\d+>|<x\d+\/>)/)) {
    if (token === "") continue;
    if (/^<\/?g\d+>$|^<x\d+\/>$/.test(token)) {
      word += expand(token);
      continue;
    }
    token.split(" ").forEach((part, i) => {
      if (i > 0) {
        flush();
        space = true;
      }
      word += expand(part);
    });
  }
  flush();
  return out;
}
