import { type CodeToken, expandCodes, repairCodes } from "../common/inline-codes";
import { SourceStretches } from "../common/source-stretches";
import { withNestingLimit } from "../common/nesting";
import { applyEdits, partitionEdits, renderRange, type TextEdit } from "../common/splice";
import { encodeText } from "../common/text-encoding";
import { FormatError, type FilterOptions, type FormatFilter, type Segment } from "../filter";
import { decodeHtml, unencodableIn } from "./charset";
import { encodeMarkupText } from "./entities";
import { readHtml, type HtmlDocument, type Range, type TextUnit } from "./units";

/** Languages written right to left: the page gets `dir="rtl"`. */
const RTL = new Set(["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"]);

function read(file: Uint8Array) {
  if (file.length === 0) throw new FormatError("invalid_file", "The file is empty.");
  const decoded = decodeHtml(file);
  const nul = decoded.text.indexOf("\0");
  if (nul >= 0) {
    const line = decoded.text.slice(0, nul).split("\n").length;
    throw new FormatError("invalid_file", `Line ${line}: a NUL character; this is not an HTML file.`);
  }
  return { ...decoded, page: withNestingLimit("HTML", () => readHtml(decoded.text)) };
}

/**
 * HTML pages: block text with inline elements as codes, translatable attributes and meta tags;
 * translations are spliced into the source so everything else keeps its bytes.
 */
export const htmlFilter: FormatFilter = {
  extensions: ["html"],

  async extract(file) {
    return read(file).page.units.map((u): Segment => ({ id: u.id, text: u.text, context: u.context }));
  },

  async merge(file, translations, options) {
    const { text, encoding, page } = read(file);
    const unencodable = unencodableIn(encoding);
    const attributeSplices: TextEdit[] = [];
    const runs: { unit: TextUnit; translation: string }[] = [];

    for (const unit of page.units) {
      const translation = translations.get(unit.id);
      if (translation === undefined || translation === unit.text || translation.trim() === "") continue;
      const repaired = repairCodes(unit.text, translation);
      if (unit.kind === "text") {
        runs.push({ unit, translation: repaired });
        continue;
      }
      const value = encodeMarkupText(repaired, { style: unit.style, quote: unit.quote ?? '"', unencodable });
      attributeSplices.push({ start: unit.value.start, end: unit.value.end, text: unit.quote ? value : `"${value}"` });
    }
    // Codes render their source markup with any attribute translations inside it (an img alt).
    const { inside, outside } = partitionEdits(
      attributeSplices,
      runs.map((r) => r.unit.range),
    );
    const runSplices = runs.map(({ unit, translation }) => {
      const nested = inside.get(unit.range) ?? [];
      const stretches = new SourceStretches(unit.text, unit.codes, unit.range, text);
      const escape = (s: string, before?: CodeToken, after?: CodeToken) =>
        stretches.raw(s, before, after) ?? encodeMarkupText(s, { style: unit.style, unencodable });
      return {
        ...unit.range,
        text: expandCodes(translation, unit.codes, escape, (r: Range) => renderRange(text, r, nested)),
      };
    });
    // A page nothing was translated in is still in its source language: it keeps its `lang`.
    const translatedAny = runSplices.length > 0 || attributeSplices.length > 0;
    const splices = [...runSplices, ...outside, ...(translatedAny ? languageSplices(text, page, options) : [])];
    return encodeText(applyEdits(text, splices), encoding);
  },
};

/**
 * `lang` (and `dir` when the direction changes) on the `<html>` start tag, when the page has one.
 * An XHTML page's `xml:lang` is changed with it (never added), so the two never disagree.
 */
function languageSplices(text: string, page: HtmlDocument, options: FilterOptions): TextEdit[] {
  const location = page.html?.sourceCodeLocation;
  const startTag = location?.startTag;
  if (!page.html || !location || !startTag) return [];
  const rtl = RTL.has(options.targetLang.toLowerCase().split(/[-_]/)[0] ?? "");
  const splices: TextEdit[] = [];
  const insertAt = startTag.startOffset + "<html".length;
  let inserted = "";
  const set = (name: string, value: string) => {
    const current = page.html?.attrs.find((a) => a.name === name);
    const at = location.attrs?.[name];
    if (current?.value === value) return;
    if (!current || !at) {
      inserted += ` ${name}="${value}"`;
      return;
    }
    const raw = text.slice(at.startOffset, at.endOffset);
    const m = /=\s*(["']?)([^"']*)\1$/.exec(raw);
    if (!m) splices.push({ start: at.startOffset, end: at.endOffset, text: `${name}="${value}"` });
    else {
      const valueEnd = at.endOffset - (m[1] ?? "").length;
      splices.push({ start: valueEnd - (m[2] ?? "").length, end: valueEnd, text: value });
    }
  };
  set("lang", options.targetLang);
  if (page.html.attrs.some((a) => a.name === "xml:lang")) set("xml:lang", options.targetLang);
  const dir = page.html.attrs.find((a) => a.name === "dir")?.value.toLowerCase();
  if (rtl) set("dir", "rtl");
  else if (dir === "rtl") set("dir", "ltr");
  if (inserted) splices.push({ start: insertAt, end: insertAt, text: inserted });
  return splices;
}
