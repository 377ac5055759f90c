import { type GlossaryEntryView, type ListQuery, type Page } from "@tolk/contract";
import { glossaryEntries } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOf } from "../shared/pagination";
import { findGlossary, toEntryView } from "./glossary-view";

/** GET /v1/glossaries/{id}/entries: in the order they were added. */
export async function listGlossaryEntries(
  ctx: DomainContext,
  options: { orgId: string; glossaryId: string; query: ListQuery },
): Promise<Page<GlossaryEntryView>> {
  const glossary = await findGlossary(ctx, options.orgId, options.glossaryId);
  const page = await pageOf(ctx, glossaryEntries, {
    scope: eq(glossaryEntries.glossaryId, glossary.id),
    limit: options.query.limit,
    startingAfter: options.query.starting_after,
    fetch: (where, take) => ctx.db.select().from(glossaryEntries).where(where).orderBy(asc(glossaryEntries.createdAt), asc(glossaryEntries.id)).limit(take),
  });
  return { ...page, items: page.items.map(toEntryView) };
}
