import { type ListQuery, type MemoryUnitView, type Page } from "@tolk/contract";
import { memoryUnits } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOf } from "../shared/pagination";
import { findMemory, toUnitView } from "./memory-view";

/** GET /v1/memories/{id}/units without `q`: the units in the order they were added. */
export async function listMemoryUnits(ctx: DomainContext, options: { orgId: string; memoryId: string; query: ListQuery }): Promise<Page<MemoryUnitView>> {
  const memory = await findMemory(ctx, options.orgId, options.memoryId);
  const page = await pageOf(ctx, memoryUnits, {
    scope: eq(memoryUnits.memoryId, memory.id),
    limit: options.query.limit,
    startingAfter: options.query.starting_after,
    fetch: (where, take) => ctx.db.select().from(memoryUnits).where(where).orderBy(asc(memoryUnits.createdAt), asc(memoryUnits.id)).limit(take),
  });
  return { ...page, items: page.items.map(toUnitView) };
}
