import { glossaries, glossaryEntries } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";
import { findGlossary } from "./glossary-view";

/** DELETE /v1/glossaries/{id}/entries/{entry_id}. */
export async function deleteGlossaryEntry(
  ctx: DomainContext,
  options: { orgId: string; glossaryId: string; entryId: string },
): Promise<{ id: string; deleted: true }> {
  const glossary = await findGlossary(ctx, options.orgId, options.glossaryId);
  const deleted = await ctx.db
    .delete(glossaryEntries)
    .where(and(eq(glossaryEntries.id, options.entryId), eq(glossaryEntries.glossaryId, glossary.id)))
    .returning({ id: glossaryEntries.id });
  if (deleted.length === 0) throw notFound(`Glossary entry '${options.entryId}'`);
  await ctx.db.update(glossaries).set({ updatedAt: ctx.now() }).where(eq(glossaries.id, glossary.id));
  return { id: options.entryId, deleted: true };
}
