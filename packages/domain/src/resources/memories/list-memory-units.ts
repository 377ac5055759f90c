import { type ListQuery, type MemoryUnitView, type Page } from "@tolk/contract";
import { memoryUnits } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOldestFirst } from "../shared/owned-resource";
import { findMemory, toUnitView } from "./memory-view";

/** GET /v1/memories/{id}/units without `q`: the units in the order they were added. */
export async function listMemoryUnits(
  ctx: DomainContext,
  options: { orgId: string; memoryId: string; query: ListQuery },
): Promise<Page<MemoryUnitView>> {
  const memory = await findMemory(ctx, options.orgId, options.memoryId);
  return pageOldestFirst(ctx, memoryUnits, {
    scope: eq(memoryUnits.memoryId, memory.id),
    query: options.query,
    select: ctx.db.select().from(memoryUnits).$dynamic(),
    view: toUnitView,
  });
}
