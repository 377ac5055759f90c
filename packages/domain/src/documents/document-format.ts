import { type DocumentFormat, formatOfFilename } from "@tolk/contract";
import { type FormatFilter, filterFor } from "@tolk/formats";

import { unsupportedFormat } from "./document-errors";

export interface ResolvedFormat {
  format: DocumentFormat;
  filter: FormatFilter;
  maxBytes: number;
}

/**
 * The format of an upload by its extension, and the filter that translates it. An extension
 * among the 16 whose filter this build does not have yet is refused like an unknown one.
 */
export function resolveDocumentFormat(filename: string): ResolvedFormat {
  const format = formatOfFilename(filename);
  if (!format) throw unsupportedFormat(filename);
  const filter = filterFor(format.extension);
  if (!filter) {
    throw unsupportedFormat(filename, `Translating .${format.extension} files (${format.name}) is not available on this server yet.`);
  }
  return { format, filter, maxBytes: format.max_size_mb * 1024 * 1024 };
}

// Bidi overrides and isolates (U+202A–202E, U+2066–2069) could disguise an extension.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f/\\\u202a-\u202e\u2066-\u2069]/g;

/**
 * An upload's name as metadata: NFC, without control characters, slashes or bidi overrides,
 * at most 255 UTF-8 bytes (the extension kept). Files are stored under the job id, never this.
 */
export function sanitizeFilename(raw: string): string {
  let name = raw.normalize("NFC").replace(UNSAFE, "_").trim();
  if (!name || name === "." || name === "..") name = "document";
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= 255) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot) : "";
  let stem = [...name.slice(0, dot > 0 ? dot : name.length)];
  while (stem.length > 0 && encoder.encode(stem.join("") + ext).length > 255) stem = stem.slice(0, -1);
  return stem.join("") + ext;
}

/** The translation's file name: the upload's with the target language before the extension (report.docx → report.es.docx). */
export function translatedFilename(filename: string, targetLang: string): string {
  const dot = filename.lastIndexOf(".");
  const lang = targetLang.toLowerCase();
  return sanitizeFilename(dot > 0 ? `${filename.slice(0, dot)}.${lang}${filename.slice(dot)}` : `${filename}.${lang}`);
}
