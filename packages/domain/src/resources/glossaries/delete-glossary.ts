import { glossaries } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";

/** DELETE /v1/glossaries/{id}: the glossary and its entries. */
export async function deleteGlossary(ctx: DomainContext, options: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  const deleted = await ctx.db
    .delete(glossaries)
    .where(and(eq(glossaries.id, options.id), eq(glossaries.orgId, options.orgId)))
    .returning({ id: glossaries.id });
  if (deleted.length === 0) throw notFound(`Glossary '${options.id}'`);
  return { id: options.id, deleted: true };
}
