import iconv from "iconv-lite";

import { FormatError } from "../filter";

/** How a text file was encoded, so merge writes it back the same way. */
export interface TextEncoding {
  /** An iconv-lite name: "utf-8", "utf-16le", "utf-16be", "windows-1252", … */
  name: string;
  bom: boolean;
}

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

/**
 * Decodes a text file: a BOM decides (UTF-8, UTF-16 LE/BE); otherwise strict UTF-8. Bytes that
 * are not UTF-8 are decoded with `fallback` when the format allows a legacy encoding (a
 * declared charset, Latin-1 plain text), and refused with FormatError("invalid_encoding")
 * otherwise. The returned text never contains the BOM.
 */
export function decodeText(bytes: Uint8Array, options: { fallback?: string } = {}): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: strictUtf8(bytes.subarray(3)), encoding: { name: "utf-8", bom: true } };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: utf16(bytes.subarray(2), "utf-16le"), encoding: { name: "utf-16le", bom: true } };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: utf16(bytes.subarray(2), "utf-16be"), encoding: { name: "utf-16be", bom: true } };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: { name: "utf-8", bom: false } };
  } catch {
    if (options.fallback && iconv.encodingExists(options.fallback)) {
      return {
        text: iconv.decode(Buffer.from(bytes), options.fallback),
        encoding: { name: options.fallback, bom: false },
      };
    }
    throw new FormatError(
      "invalid_encoding",
      `The file is not valid UTF-8 (first bad byte at offset ${firstBadUtf8Byte(bytes)}).`,
    );
  }
}

/** Text back to bytes in the encoding (and with the BOM) it was read in. */
export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  const body = iconv.encode(text, encoding.name, { addBOM: false });
  // A view, not a copy: a document body is tens of megabytes.
  if (!encoding.bom) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  const bom = iconv.encode("\ufeff", encoding.name, { addBOM: false });
  return new Uint8Array(Buffer.concat([bom, body]));
}

/** The line ending a text mostly uses, for lines a filter adds. */
export function dominantEol(text: string): "\r\n" | "\n" {
  const crlf = text.split("\r\n").length - 1;
  const lf = text.split("\n").length - 1 - crlf;
  return crlf > lf ? "\r\n" : "\n";
}

function strictUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new FormatError(
      "invalid_encoding",
      `The file is not valid UTF-8 (first bad byte at offset ${firstBadUtf8Byte(bytes) + 3}).`,
    );
  }
}

function utf16(bytes: Uint8Array, name: "utf-16le" | "utf-16be"): string {
  if (bytes.length % 2 !== 0)
    throw new FormatError("invalid_encoding", `The file is not valid ${name.toUpperCase()}: odd number of bytes.`);
  try {
    return new TextDecoder(name, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new FormatError("invalid_encoding", `The file is not valid ${name.toUpperCase()} (unpaired surrogate).`);
  }
}

function firstBadUtf8Byte(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let lo = 0;
  let hi = bytes.length;
  // Binary search for the longest valid prefix (cut points inside a character count as invalid).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try {
      decoder.decode(bytes.subarray(0, mid));
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}
