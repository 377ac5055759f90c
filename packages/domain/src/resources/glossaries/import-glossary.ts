import { type GlossaryFileFormat, type ImportResult } from "@tolk/contract";

import { type DomainContext, withTransaction } from "../../context";
import { badRequest } from "../../errors";
import { decodeUtf8File } from "../shared/decode-file";
import { parseDelimitedGlossary, parseTbx } from "./glossary-files";
import { findGlossary } from "./glossary-view";
import { upsertGlossaryEntries } from "./upsert-glossary-entries";

/**
 * POST /v1/glossaries/{id}/import: a CSV, TSV or TBX file (see glossary-files.ts). The whole
 * file is parsed before anything is written, and written in one transaction: a malformed file
 * answers 400 with the line at fault and leaves the glossary as it was.
 */
export async function importGlossary(
  ctx: DomainContext,
  options: { orgId: string; glossaryId: string; format: string; content: Uint8Array },
): Promise<ImportResult> {
  const glossary = await findGlossary(ctx, options.orgId, options.glossaryId);
  const format = glossaryFormat(options.format);
  const text = decodeUtf8File(options.content);
  const langs = { sourceLang: glossary.sourceLang, targetLang: glossary.targetLang };
  const parsed =
    format === "tbx"
      ? parseTbx(text, langs)
      : parseDelimitedGlossary(text, { ...langs, delimiter: format === "tsv" ? "\t" : "," });
  const imported = await withTransaction(ctx, (tx) =>
    upsertGlossaryEntries(tx, { glossaryId: glossary.id, entries: parsed.entries, now: ctx.now() }),
  );
  return { imported, skipped: parsed.skipped };
}

export function glossaryFormat(format: string): GlossaryFileFormat {
  const f = format.trim().toLowerCase().replace(/^\./u, "");
  if (f === "csv" || f === "tsv" || f === "tbx") return f;
  if (f === "txt" || f === "tab") return "tsv";
  throw badRequest(`Unsupported glossary file format '${format}': use csv, tsv or tbx.`, "format");
}
