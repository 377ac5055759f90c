import { createHash } from "node:crypto";

import { type MemoryUnitInput } from "@tolk/contract";
import { type DbOrTx, memoryUnits, translationMemories } from "@tolk/db";
import { eq, sql } from "drizzle-orm";

import { inChunks, lastTargetOfEach } from "../shared/contents";

export const sourceHash = (source: string) => createHash("md5").update(source).digest("hex");

/**
 * Adds units to a memory; a source it already holds gets the new target (the last one wins
 * within one call too). Bumps the memory's revision so match indexes rebuild. Returns how many
 * distinct sources were written.
 */
export async function upsertMemoryUnits(
  db: DbOrTx,
  options: { memoryId: string; units: readonly MemoryUnitInput[]; now: Date },
): Promise<number> {
  const rows = lastTargetOfEach(options.units).map(([source, target]) => ({
    memoryId: options.memoryId,
    source,
    target,
    sourceHash: sourceHash(source),
    createdAt: options.now,
  }));
  await inChunks(rows, (chunk) =>
    db
      .insert(memoryUnits)
      .values(chunk)
      .onConflictDoUpdate({
        target: [memoryUnits.memoryId, memoryUnits.sourceHash],
        set: { target: sql`excluded.target` },
      }),
  );
  if (rows.length > 0) await bumpRevision(db, options.memoryId);
  return rows.length;
}

export async function bumpRevision(db: DbOrTx, memoryId: string): Promise<void> {
  await db
    .update(translationMemories)
    .set({ revision: sql`${translationMemories.revision} + 1` })
    .where(eq(translationMemories.id, memoryId));
}
