import { type GlossaryEntryInput } from "@tolk/contract";
import { type DbOrTx, glossaries, glossaryEntries } from "@tolk/db";
import { eq, sql } from "drizzle-orm";

import { inChunks, lastTargetOfEach } from "../shared/contents";

/**
 * Adds entries to a glossary; a source term it already has gets the new target (the last one
 * wins within one call too). Returns how many distinct source terms were written.
 */
export async function upsertGlossaryEntries(
  db: DbOrTx,
  options: { glossaryId: string; entries: readonly GlossaryEntryInput[]; now: Date },
): Promise<number> {
  const rows = lastTargetOfEach(options.entries).map(([sourceTerm, targetTerm]) => ({
    glossaryId: options.glossaryId,
    sourceTerm,
    targetTerm,
    createdAt: options.now,
  }));
  await inChunks(rows, (chunk) =>
    db
      .insert(glossaryEntries)
      .values(chunk)
      .onConflictDoUpdate({
        target: [glossaryEntries.glossaryId, glossaryEntries.sourceTerm],
        set: { targetTerm: sql`excluded.target_term` },
      }),
  );
  if (rows.length > 0)
    await db.update(glossaries).set({ updatedAt: options.now }).where(eq(glossaries.id, options.glossaryId));
  return rows.length;
}
