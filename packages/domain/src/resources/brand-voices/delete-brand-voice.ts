import { brandVoices } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";

/** DELETE /v1/brand-voices/{id}. */
export async function deleteBrandVoice(ctx: DomainContext, options: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  const deleted = await ctx.db
    .delete(brandVoices)
    .where(and(eq(brandVoices.id, options.id), eq(brandVoices.orgId, options.orgId)))
    .returning({ id: brandVoices.id });
  if (deleted.length === 0) throw notFound(`Brand voice '${options.id}'`);
  return { id: options.id, deleted: true };
}
