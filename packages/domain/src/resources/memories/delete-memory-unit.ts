import { memoryUnits } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext, withTransaction } from "../../context";
import { notFound } from "../../errors";
import { findMemory } from "./memory-view";
import { bumpRevision } from "./upsert-memory-units";

/** DELETE /v1/memories/{id}/units/{unit_id}. */
export async function deleteMemoryUnit(
  ctx: DomainContext,
  options: { orgId: string; memoryId: string; unitId: string },
): Promise<{ id: string; deleted: true }> {
  const memory = await findMemory(ctx, options.orgId, options.memoryId);
  return withTransaction(ctx, async (tx) => {
    const deleted = await tx
      .delete(memoryUnits)
      .where(and(eq(memoryUnits.id, options.unitId), eq(memoryUnits.memoryId, memory.id)))
      .returning({ id: memoryUnits.id });
    if (deleted.length === 0) throw notFound(`Translation memory unit '${options.unitId}'`);
    await bumpRevision(tx, memory.id);
    return { id: options.unitId, deleted: true as const };
  });
}
