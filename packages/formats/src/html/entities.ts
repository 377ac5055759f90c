import { decodeHTML } from "entities";

/** Character references as a source wrote them: decoded character → the exact reference. */
export type ReferenceStyle = ReadonlyMap<string, string>;

const REFERENCE = /&(?:#\d+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g;

/**
 * The references a stretch of source markup used (`&nbsp;`, `&#8212;`), so translated text
 * writes those characters the way the source did instead of as raw characters.
 */
export function referenceStyle(raw: string): ReferenceStyle {
  const style = new Map<string, string>();
  for (const m of raw.matchAll(REFERENCE)) {
    const char = decodeHTML(m[0]);
    if (char !== m[0] && [...char].length === 1 && !"&<>\"'".includes(char)) style.set(char, m[0]);
  }
  return style;
}

export interface EncodeOptions {
  style: ReferenceStyle;
  /** The attribute's quote character, escaped too; undefined in text. */
  quote?: '"' | "'";
  /** True for a character the output encoding cannot hold; it is written as `&#xHEX;`. */
  unencodable?: (char: string) => boolean;
}

/** Plain text to HTML-family markup: only `& < >` (and the quote) are escaped, plus the source's style. */
export function encodeMarkupText(text: string, options: EncodeOptions): string {
  let out = "";
  for (const char of text) {
    if (char === "&") out += "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === options.quote) out += char === '"' ? "&quot;" : "&#39;";
    else {
      const ref = options.style.get(char);
      if (ref !== undefined) out += ref;
      else if (options.unencodable?.(char)) out += `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`;
      else out += char;
    }
  }
  return out;
}

export { decodeHTML };
