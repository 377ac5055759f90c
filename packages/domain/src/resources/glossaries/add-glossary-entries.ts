import { type AddGlossaryEntriesRequest, type GlossaryEntryView } from "@tolk/contract";
import { glossaryEntries } from "@tolk/db";
import { and, eq, inArray } from "drizzle-orm";

import { type DomainContext, withTransaction } from "../../context";
import { distinctKeys, inOrderOf } from "../shared/contents";
import { findGlossary, toEntryView } from "./glossary-view";
import { upsertGlossaryEntries } from "./upsert-glossary-entries";

/** POST /v1/glossaries/{id}/entries: adds (or re-targets) entries; returns them as stored. */
export async function addGlossaryEntries(
  ctx: DomainContext,
  options: { orgId: string; glossaryId: string; request: AddGlossaryEntriesRequest },
): Promise<{ items: GlossaryEntryView[] }> {
  const glossary = await findGlossary(ctx, options.orgId, options.glossaryId);
  const entries = options.request.entries;
  return withTransaction(ctx, async (tx) => {
    await upsertGlossaryEntries(tx, { glossaryId: glossary.id, entries, now: ctx.now() });
    const terms = distinctKeys(entries, (e) => e.source);
    const rows = await tx
      .select()
      .from(glossaryEntries)
      .where(and(eq(glossaryEntries.glossaryId, glossary.id), inArray(glossaryEntries.sourceTerm, terms)));
    return { items: inOrderOf(rows, terms, (r) => r.sourceTerm).map(toEntryView) };
  });
}
