import { type GlossaryView, type ListQuery, type Page } from "@tolk/contract";
import { glossaries } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOf } from "../shared/pagination";
import { entryCountColumn, toGlossaryView } from "./glossary-view";

/** GET /v1/glossaries: the organization's glossaries, oldest first, a page at a time. */
export async function listGlossaries(ctx: DomainContext, options: { orgId: string; query: ListQuery }): Promise<Page<GlossaryView>> {
  const page = await pageOf(ctx, glossaries, {
    scope: eq(glossaries.orgId, options.orgId),
    limit: options.query.limit,
    startingAfter: options.query.starting_after,
    fetch: (where, take) =>
      ctx.db
        .select({ row: glossaries, entryCount: entryCountColumn })
        .from(glossaries)
        .where(where)
        .orderBy(asc(glossaries.createdAt), asc(glossaries.id))
        .limit(take),
  });
  return { ...page, items: page.items.map((r) => toGlossaryView({ ...r.row, entryCount: r.entryCount })) };
}
