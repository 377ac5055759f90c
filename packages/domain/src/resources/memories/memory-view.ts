import { type MemoryUnitView, type MemoryView } from "@tolk/contract";
import { type MemoryUnit, type TranslationMemory, translationMemories } from "@tolk/db";
import { sql } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { findOwned, resourceKind } from "../shared/owned-resource";

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

/** Translation memories among the organization's resources: read with their unit counts. */
export const memoryKind = resourceKind({
  table: translationMemories,
  noun: "Translation memory",
  limit: "translation_memories_max",
  counted: "translation memories",
  audit: { type: "memory", created: "memory.created", deleted: "memory.deleted" },
  select: (db) =>
    db.select({ row: translationMemories, unitCount: unitCountColumn }).from(translationMemories).$dynamic(),
  view: (found) => toMemoryView({ ...found.row, unitCount: found.unitCount }),
});

/** The organization's memory; another organization's answers 404 exactly like a missing one. */
export const findMemory = (ctx: DomainContext, orgId: string, id: string): Promise<TranslationMemory> =>
  findOwned(ctx, memoryKind, orgId, id);
