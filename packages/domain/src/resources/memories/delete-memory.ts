import { translationMemories } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";

/** DELETE /v1/memories/{id}: the memory and its units. */
export async function deleteMemory(ctx: DomainContext, options: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  const deleted = await ctx.db
    .delete(translationMemories)
    .where(and(eq(translationMemories.id, options.id), eq(translationMemories.orgId, options.orgId)))
    .returning({ id: translationMemories.id });
  if (deleted.length === 0) throw notFound(`Translation memory '${options.id}'`);
  return { id: options.id, deleted: true };
}
