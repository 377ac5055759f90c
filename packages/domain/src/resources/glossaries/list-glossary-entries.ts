import { type GlossaryEntryView, type ListQuery, type Page } from "@tolk/contract";
import { glossaryEntries } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOldestFirst } from "../shared/owned-resource";
import { findGlossary, toEntryView } from "./glossary-view";

/** GET /v1/glossaries/{id}/entries: in the order they were added. */
export async function listGlossaryEntries(
  ctx: DomainContext,
  options: { orgId: string; glossaryId: string; query: ListQuery },
): Promise<Page<GlossaryEntryView>> {
  const glossary = await findGlossary(ctx, options.orgId, options.glossaryId);
  return pageOldestFirst(ctx, glossaryEntries, {
    scope: eq(glossaryEntries.glossaryId, glossary.id),
    query: options.query,
    select: ctx.db.select().from(glossaryEntries).$dynamic(),
    view: toEntryView,
  });
}
