import { AUTO_SOURCE_LANG } from "@tolk/contract";
import { extractSegments, stripCodes } from "@tolk/formats";

import { resolveSourceLanguage } from "../analysis/resolve-source-language";
import { fileRefused, fileTooLarge } from "./document-errors";
import { resolveDocumentFormat, sanitizeFilename } from "./document-format";
import { type DocumentUpload } from "./submit-document";

/** The detector reads at most this much of a document's text (it samples long texts anyway). */
const SAMPLE_CHARS = 20_000;

/**
 * The source language of a document sent without one (DeepL's and LibreTranslate's documents
 * detect it): its translatable text, as the format's filter extracts it, through the same
 * detection as a text, including the default for a document too short to tell. The file is
 * refused here as submitDocument would refuse it (format, size, a file that does not parse).
 */
export async function detectDocumentLanguage(
  upload: DocumentUpload,
  options: { targetLang: string; defaultSourceLang?: string },
): Promise<{ language: string; defaulted: boolean }> {
  const { format, filter, maxBytes } = resolveDocumentFormat(sanitizeFilename(upload.filename));
  if (upload.bytes.byteLength > maxBytes) throw fileTooLarge(maxBytes, `The ${format.extension} file`);
  const texts: string[] = [];
  let chars = 0;
  try {
    await extractSegments(
      filter,
      upload.bytes,
      { sourceLang: AUTO_SOURCE_LANG, targetLang: options.targetLang },
      async (batch) => {
        for (const s of batch) {
          if (chars >= SAMPLE_CHARS) return;
          const text = stripCodes(s.text);
          texts.push(text);
          chars += text.length;
        }
      },
    );
  } catch (err) {
    throw fileRefused(err, format.extension);
  }
  const resolved = await resolveSourceLanguage(
    { source_lang: AUTO_SOURCE_LANG },
    { texts, targets: [options.targetLang], engineCount: 1, defaultSourceLang: options.defaultSourceLang },
  );
  return { language: resolved.source_lang, defaulted: resolved.source_lang_defaulted === true };
}
