import { translationMemories } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { recordAudit } from "../../audit/record-audit";
import { type DomainContext, withTransaction } from "../../context";
import { notFound } from "../../errors";

/** DELETE /v1/memories/{id}: the memory and its units. */
export async function deleteMemory(ctx: DomainContext, options: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  return withTransaction(ctx, async (tx, txCtx) => {
    const [deleted] = await tx
      .delete(translationMemories)
      .where(and(eq(translationMemories.id, options.id), eq(translationMemories.orgId, options.orgId)))
      .returning({ id: translationMemories.id, name: translationMemories.name });
    if (!deleted) throw notFound(`Translation memory '${options.id}'`);
    await recordAudit(txCtx, { orgId: options.orgId, action: "memory.deleted", target: { type: "memory", id: deleted.id, label: deleted.name } });
    return { id: options.id, deleted: true };
  });
}
