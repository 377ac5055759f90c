/** How a JSON file escapes its strings, so a translation is written the way its neighbours are. */
export interface JsonEscapeStyle {
  /** Non-ASCII as `\uXXXX` (an ASCII-only file that already escapes). */
  asciiOnly: boolean;
  /** `/` as `\/`. */
  escapeSlash: boolean;
  /** `<`, `>`, `&` as `\u003c`… (HTML-safe serializers). */
  escapeHtml: boolean;
  upperHex: boolean;
}

const NON_ASCII = /[\u0080-\uffff]/;

export function detectEscapeStyle(text: string): JsonEscapeStyle {
  const unicodeEscapes = [...text.matchAll(/\\u([0-9a-fA-F]{4})/g)].map((m) => m[1] ?? "");
  const withLetters = unicodeEscapes.find((hex) => /[a-fA-F]/.test(hex));
  return {
    asciiOnly: unicodeEscapes.length > 0 && !NON_ASCII.test(text),
    escapeSlash: text.includes("\\/"),
    escapeHtml: unicodeEscapes.some((hex) => /^00(?:3[cCeE]|26)$/.test(hex)),
    upperHex: withLetters !== undefined && withLetters === withLetters.toUpperCase(),
  };
}

/** A string as a JSON literal (quotes included) in the given style. */
export function encodeJsonString(value: string, style: JsonEscapeStyle): string {
  const hex = (c: string) => {
    const h = (c.charCodeAt(0) ?? 0).toString(16).padStart(4, "0");
    return `\\u${style.upperHex ? h.toUpperCase() : h}`;
  };
  // JSON.stringify escapes quotes, backslashes, control characters and lone surrogates.
  let out = JSON.stringify(value);
  if (style.asciiOnly) out = out.replace(new RegExp(NON_ASCII.source, "g"), hex);
  if (style.escapeHtml) out = out.replace(/[<>&]/g, hex);
  if (style.escapeSlash) out = out.replace(/\//g, "\\/");
  return out;
}
