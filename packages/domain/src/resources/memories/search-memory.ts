import { type MemoryMatchView, type Page } from "@tolk/contract";
import { memoryUnits } from "@tolk/db";
import { inArray } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { loadMemoryIndex } from "./load-memory-index";
import { findMemory, toUnitView } from "./memory-view";

/** GET /v1/memories/{id}/units?q=…: the best fuzzy matches (similarity.ts), best first. */
export async function searchMemory(
  ctx: DomainContext,
  options: { orgId: string; memoryId: string; q: string; minScore: number; limit: number },
): Promise<Page<MemoryMatchView>> {
  const memory = await findMemory(ctx, options.orgId, options.memoryId);
  const index = await loadMemoryIndex(ctx, memory);
  const matches = index.search(options.q, { minScore: options.minScore, limit: options.limit + 1 });
  const shown = matches.slice(0, options.limit);
  const ids = shown.map((m) => m.unit.id);
  const rows = ids.length === 0 ? [] : await ctx.db.select().from(memoryUnits).where(inArray(memoryUnits.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = shown.flatMap((m) => {
    const row = byId.get(m.unit.id);
    return row ? [{ unit: toUnitView(row), score: m.score }] : [];
  });
  return { items, has_more: matches.length > options.limit };
}
