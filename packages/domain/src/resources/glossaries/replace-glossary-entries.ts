import { type GlossaryEntryInput, type GlossaryView } from "@tolk/contract";
import { glossaryEntries } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext, withTransaction } from "../../context";
import { getGlossary } from "./get-glossary";
import { findGlossary } from "./glossary-view";
import { upsertGlossaryEntries } from "./upsert-glossary-entries";

/**
 * A glossary's entries replaced by these, in one transaction: a reader sees the old list or the
 * new one, never a glossary emptied half-way (DeepL's PUT of a dictionary).
 */
export async function replaceGlossaryEntries(
  ctx: DomainContext,
  options: { orgId: string; glossaryId: string; entries: readonly GlossaryEntryInput[] },
): Promise<GlossaryView> {
  const glossary = await findGlossary(ctx, options.orgId, options.glossaryId);
  await withTransaction(ctx, async (tx) => {
    await tx.delete(glossaryEntries).where(eq(glossaryEntries.glossaryId, glossary.id));
    await upsertGlossaryEntries(tx, { glossaryId: glossary.id, entries: options.entries, now: ctx.now() });
  });
  return getGlossary(ctx, { orgId: options.orgId, id: glossary.id });
}
