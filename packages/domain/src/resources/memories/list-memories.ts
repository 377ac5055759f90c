import { type ListQuery, type MemoryView, type Page } from "@tolk/contract";
import { translationMemories } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOf } from "../shared/pagination";
import { toMemoryView, unitCountColumn } from "./memory-view";

/** GET /v1/memories. */
export async function listMemories(ctx: DomainContext, options: { orgId: string; query: ListQuery }): Promise<Page<MemoryView>> {
  const page = await pageOf(ctx, translationMemories, {
    scope: eq(translationMemories.orgId, options.orgId),
    limit: options.query.limit,
    startingAfter: options.query.starting_after,
    fetch: (where, take) =>
      ctx.db
        .select({ row: translationMemories, unitCount: unitCountColumn })
        .from(translationMemories)
        .where(where)
        .orderBy(asc(translationMemories.createdAt), asc(translationMemories.id))
        .limit(take),
  });
  return { ...page, items: page.items.map((r) => toMemoryView({ ...r.row, unitCount: r.unitCount })) };
}
