import { glossaries } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { recordAudit } from "../../audit/record-audit";
import { type DomainContext, withTransaction } from "../../context";
import { notFound } from "../../errors";

/** DELETE /v1/glossaries/{id}: the glossary and its entries. */
export async function deleteGlossary(ctx: DomainContext, options: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  return withTransaction(ctx, async (tx, txCtx) => {
    const [deleted] = await tx
      .delete(glossaries)
      .where(and(eq(glossaries.id, options.id), eq(glossaries.orgId, options.orgId)))
      .returning({ id: glossaries.id, name: glossaries.name });
    if (!deleted) throw notFound(`Glossary '${options.id}'`);
    await recordAudit(txCtx, { orgId: options.orgId, action: "glossary.deleted", target: { type: "glossary", id: deleted.id, label: deleted.name } });
    return { id: options.id, deleted: true };
  });
}
