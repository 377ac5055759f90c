import { brandVoices } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { recordAudit } from "../../audit/record-audit";
import { type DomainContext, withTransaction } from "../../context";
import { notFound } from "../../errors";

/** DELETE /v1/brand-voices/{id}. */
export async function deleteBrandVoice(ctx: DomainContext, options: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  return withTransaction(ctx, async (tx, txCtx) => {
    const [deleted] = await tx
      .delete(brandVoices)
      .where(and(eq(brandVoices.id, options.id), eq(brandVoices.orgId, options.orgId)))
      .returning({ id: brandVoices.id, name: brandVoices.name });
    if (!deleted) throw notFound(`Brand voice '${options.id}'`);
    await recordAudit(txCtx, { orgId: options.orgId, action: "brand_voice.deleted", target: { type: "brand_voice", id: deleted.id, label: deleted.name } });
    return { id: options.id, deleted: true };
  });
}
