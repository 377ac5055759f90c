import { type AddMemoryUnitsRequest, type MemoryUnitView } from "@tolk/contract";
import { memoryUnits } from "@tolk/db";
import { and, eq, inArray } from "drizzle-orm";

import { type DomainContext, withTransaction } from "../../context";
import { distinctKeys, inOrderOf } from "../shared/contents";
import { findMemory, toUnitView } from "./memory-view";
import { sourceHash, upsertMemoryUnits } from "./upsert-memory-units";

/** POST /v1/memories/{id}/units: adds (or re-targets) units; returns them as stored. */
export async function addMemoryUnits(
  ctx: DomainContext,
  options: { orgId: string; memoryId: string; request: AddMemoryUnitsRequest },
): Promise<{ items: MemoryUnitView[] }> {
  const memory = await findMemory(ctx, options.orgId, options.memoryId);
  const { units } = options.request;
  return withTransaction(ctx, async (tx) => {
    await upsertMemoryUnits(tx, { memoryId: memory.id, units, now: ctx.now() });
    const hashes = distinctKeys(units, (u) => sourceHash(u.source));
    const rows = await tx
      .select()
      .from(memoryUnits)
      .where(and(eq(memoryUnits.memoryId, memory.id), inArray(memoryUnits.sourceHash, hashes)));
    return { items: inOrderOf(rows, hashes, (r) => r.sourceHash).map(toUnitView) };
  });
}
