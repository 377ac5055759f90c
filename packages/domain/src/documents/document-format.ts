import { type DocumentFormat, formatOfFilename } from "@tolk/contract";
import { type FormatFilter, filterFor } from "@tolk/formats";

import { unsupportedFormat } from "./document-errors";

import { sanitizeFilename } from "../shared/filenames";

// One rule for every file name a user gives (uploads, exports): documents use it from here.
export { sanitizeFilename };

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
    throw unsupportedFormat(
      filename,
      `Translating .${format.extension} files (${format.name}) is not available on this server yet.`,
    );
  }
  return { format, filter, maxBytes: format.max_size_mb * 1024 * 1024 };
}

/** The translation's file name: the upload's with the target language before the extension (report.docx → report.es.docx). */
export function translatedFilename(filename: string, targetLang: string): string {
  const dot = filename.lastIndexOf(".");
  const lang = targetLang.toLowerCase();
  return sanitizeFilename(dot > 0 ? `${filename.slice(0, dot)}.${lang}${filename.slice(dot)}` : `${filename}.${lang}`);
}
