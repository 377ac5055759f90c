import { type MemoryView } from "@tolk/contract";
import { translationMemories } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";
import { toMemoryView, unitCountColumn } from "./memory-view";

/** GET /v1/memories/{id}. */
export async function getMemory(ctx: DomainContext, options: { orgId: string; id: string }): Promise<MemoryView> {
  const [found] = await ctx.db
    .select({ row: translationMemories, unitCount: unitCountColumn })
    .from(translationMemories)
    .where(and(eq(translationMemories.id, options.id), eq(translationMemories.orgId, options.orgId)));
  if (!found) throw notFound(`Translation memory '${options.id}'`);
  return toMemoryView({ ...found.row, unitCount: found.unitCount });
}
