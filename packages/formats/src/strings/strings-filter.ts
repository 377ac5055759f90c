import { repairCodes } from "../common/inline-codes";
import { isKeyLikeValue } from "../common/key-like";
import { isTranslatableValue } from "../common/non-text";
import { applyEdits, type TextEdit } from "../common/splice";
import { type DecodedText, decodeText, encodeText } from "../common/text-encoding";
import { type FormatFilter, type Segment } from "../filter";
import { parseStrings, type StringsPair } from "./tokenize";

/**
 * Apple `.strings`. Values are translated; keys, comments, spacing and the encoding (UTF-16 with
 * or without BOM is common, UTF-8 otherwise) stay. A translation is written as a quoted string
 * escaped like the file: `\n` or real line breaks as the value used, `\Uxxxx` in an ASCII-only
 * file that already escapes.
 */

interface ParsedStrings extends DecodedText {
  pairs: { id: string; pair: StringsPair }[];
}

/** UTF-16 without a BOM still shows as every other byte being zero (keys are ASCII). */
function decode(file: Uint8Array): DecodedText {
  const hasBom =
    (file[0] === 0xff && file[1] === 0xfe) ||
    (file[0] === 0xfe && file[1] === 0xff) ||
    (file[0] === 0xef && file[1] === 0xbb);
  if (!hasBom && file.length >= 2 && file.length % 2 === 0) {
    const name = file[0] !== 0 && file[1] === 0 ? "utf-16le" : file[0] === 0 && file[1] !== 0 ? "utf-16be" : undefined;
    if (name) {
      try {
        return {
          text: new TextDecoder(name, { fatal: true, ignoreBOM: true }).decode(file),
          encoding: { name, bom: false },
        };
      } catch {
        // Not UTF-16 after all: the UTF-8 path reports the problem.
      }
    }
  }
  return decodeText(file);
}

function parse(file: Uint8Array): ParsedStrings {
  const decoded = decode(file);
  const seen = new Map<string, number>();
  const pairs = parseStrings(decoded.text)
    // Keys are message ids, not field names: only the value's own shape decides (a bundle id stays).
    .filter((p) => isTranslatableValue(p.value.value) && !isKeyLikeValue(p.value.value))
    .map((pair) => {
      const count = (seen.get(pair.key.value) ?? 0) + 1;
      seen.set(pair.key.value, count);
      return { id: count === 1 ? pair.key.value : `${pair.key.value}#${count}`, pair };
    });
  return { ...decoded, pairs };
}

export const stringsFilter: FormatFilter = {
  extensions: ["strings"],

  async extract(file: Uint8Array): Promise<Segment[]> {
    return parse(file).pairs.map(({ id, pair }) => ({ id, text: pair.value.value, context: pair.key.value }));
  },

  async merge(file: Uint8Array, translations: ReadonlyMap<string, string>): Promise<Uint8Array> {
    const { text, encoding, pairs } = parse(file);
    const unicodeEscape = /\\[Uu][0-9a-fA-F]{4}/.exec(text)?.[0].charAt(1);
    const asciiOnly = unicodeEscape !== undefined && !/[\u0080-\uffff]/.test(text);
    const edits: TextEdit[] = [];
    for (const { id, pair } of pairs) {
      const raw = translations.get(id);
      if (raw === undefined) continue;
      const translation = repairCodes(pair.value.value, raw);
      if (translation === pair.value.value) continue;
      const source = text.slice(pair.value.start, pair.value.end);
      const rawBreaks = pair.value.quoted && /\n/.test(source);
      let quoted = translation.replace(/[\\"]/g, (c) => `\\${c}`);
      if (!rawBreaks) quoted = quoted.replace(/\n/g, "\\n").replace(/\r/g, "\\r");
      if (asciiOnly)
        quoted = quoted.replace(
          /[\u0080-\uffff]/g,
          (c) => `\\${unicodeEscape}${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
        );
      edits.push({ start: pair.value.start, end: pair.value.end, text: `"${quoted}"` });
    }
    return edits.length === 0 ? file : encodeText(applyEdits(text, edits), encoding);
  },
};
