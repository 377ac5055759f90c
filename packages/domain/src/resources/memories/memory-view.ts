import { type MemoryUnitView, type MemoryView } from "@tolk/contract";
import { type MemoryUnit, type TranslationMemory, translationMemories } from "@tolk/db";
import { and, eq, sql } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";

/** Units of the memory row being selected (a correlated count; written out, see entryCountColumn). */
export const unitCountColumn = sql<number>`(select count(*) from memory_units u where u.memory_id = "translation_memories"."id")::int`;

export const toMemoryView = (row: TranslationMemory & { unitCount: number }): MemoryView => ({
  id: row.id,
  name: row.name,
  source_lang: row.sourceLang,
  target_lang: row.targetLang,
  unit_count: row.unitCount,
  created_at: row.createdAt.toISOString(),
});

export const toUnitView = (row: Pick<MemoryUnit, "id" | "source" | "target" | "createdAt">): MemoryUnitView => ({
  id: row.id,
  source: row.source,
  target: row.target,
  created_at: row.createdAt.toISOString(),
});

/** The organization's memory; another organization's answers 404 exactly like a missing one. */
export async function findMemory(ctx: DomainContext, orgId: string, id: string): Promise<TranslationMemory> {
  const [row] = await ctx.db
    .select()
    .from(translationMemories)
    .where(and(eq(translationMemories.id, id), eq(translationMemories.orgId, orgId)));
  if (!row) throw notFound(`Translation memory '${id}'`);
  return row;
}
