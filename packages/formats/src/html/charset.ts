import iconv from "iconv-lite";

import { decodeText, type DecodedText, type TextEncoding } from "../common/text-encoding";

/** `<meta charset="…">` or `<meta http-equiv="Content-Type" content="text/html; charset=…">` in the first 1024 bytes. */
const META_CHARSET = /<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i;

/** WHATWG maps these labels to windows-1252; so do browsers, so the file is read the same way. */
const WINDOWS_1252_LABELS = new Set([
  "iso-8859-1",
  "iso8859-1",
  "latin1",
  "us-ascii",
  "ascii",
  "windows-1252",
  "cp1252",
]);

/**
 * Decodes an HTML page: a BOM wins, then a legacy charset declared in a meta tag (the page is
 * read and later written back in it), then strict UTF-8.
 */
export function decodeHtml(bytes: Uint8Array): DecodedText {
  const bom =
    (bytes[0] === 0xef && bytes[1] === 0xbb) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff);
  const declared = bom
    ? undefined
    : META_CHARSET.exec(Buffer.from(bytes.subarray(0, 1024)).toString("latin1"))?.[1]?.toLowerCase();
  const legacy = declared && WINDOWS_1252_LABELS.has(declared) ? "windows-1252" : declared;
  if (legacy && !/^utf-?(8|16)/.test(legacy) && iconv.encodingExists(legacy)) {
    return { text: iconv.decode(Buffer.from(bytes), legacy), encoding: { name: legacy, bom: false } };
  }
  return decodeText(bytes);
}

/** A test for characters the page's encoding cannot hold (they are written as references). */
export function unencodableIn(encoding: TextEncoding): ((char: string) => boolean) | undefined {
  if (encoding.name === "utf-8" || encoding.name.startsWith("utf-16")) return undefined;
  const cache = new Map<string, boolean>();
  return (char) => {
    let result = cache.get(char);
    if (result === undefined) {
      result = iconv.decode(iconv.encode(char, encoding.name), encoding.name) !== char;
      cache.set(char, result);
    }
    return result;
  };
}
