import { type GlossaryFileFormat } from "@tolk/contract";
import { glossaryEntries } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { type ExportedFile, exportFilename } from "../shared/exported-file";
import { writeGlossaryFile } from "./glossary-files";
import { findGlossary } from "./glossary-view";

/** GET /v1/glossaries/{id}/export?format=csv|tsv|tbx: every entry, in the order they were added. */
export async function exportGlossary(
  ctx: DomainContext,
  options: { orgId: string; glossaryId: string; format: GlossaryFileFormat },
): Promise<ExportedFile> {
  const glossary = await findGlossary(ctx, options.orgId, options.glossaryId);
  const rows = await ctx.db
    .select()
    .from(glossaryEntries)
    .where(eq(glossaryEntries.glossaryId, glossary.id))
    .orderBy(asc(glossaryEntries.createdAt), asc(glossaryEntries.id));
  const file = writeGlossaryFile(
    options.format,
    glossary,
    rows.map((r) => ({ id: r.id, source: r.sourceTerm, target: r.targetTerm })),
  );
  return {
    body: file.body,
    contentType: file.contentType,
    filename: exportFilename(glossary.name, file.extension, glossary.id),
  };
}
