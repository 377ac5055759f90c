import { type GlossaryEntryInput } from "@tolk/contract";
import { type DbOrTx, glossaries, glossaryEntries } from "@tolk/db";
import { eq, sql } from "drizzle-orm";

const CHUNK = 1_000;

/**
 * Adds entries to a glossary; a source term it already has gets the new target (the last one
 * wins within one call too). Returns how many distinct source terms were written.
 */
export async function upsertGlossaryEntries(db: DbOrTx, options: { glossaryId: string; entries: readonly GlossaryEntryInput[]; now: Date }): Promise<number> {
  const byTerm = new Map<string, string>();
  for (const e of options.entries) {
    byTerm.delete(e.source);
    byTerm.set(e.source, e.target);
  }
  const rows = [...byTerm].map(([sourceTerm, targetTerm]) => ({
    glossaryId: options.glossaryId,
    sourceTerm,
    targetTerm,
    createdAt: options.now,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(glossaryEntries)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [glossaryEntries.glossaryId, glossaryEntries.sourceTerm],
        set: { targetTerm: sql`excluded.target_term` },
      });
  }
  if (rows.length > 0) await db.update(glossaries).set({ updatedAt: options.now }).where(eq(glossaries.id, options.glossaryId));
  return rows.length;
}
