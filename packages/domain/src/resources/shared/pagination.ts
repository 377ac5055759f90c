import { type Page } from "@tolk/contract";
import { type SQL, and, sql } from "drizzle-orm";
import { type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";

import { type DomainContext } from "../../context";
import { badRequest } from "../../errors";

/** A table every list reads the same way: oldest first, by (created_at, id). */
export type PagedTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn };

/**
 * One page of a list: at most `limit` rows of `scope`, after the row `startingAfter` (which must
 * be in the same scope: 400 otherwise). Fetches limit + 1 rows to know `has_more`. The cursor's
 * position is read in SQL, so timestamps keep their full precision.
 */
export async function pageOf<Row>(
  ctx: DomainContext,
  paged: PagedTable,
  options: {
    scope: SQL | undefined;
    limit: number;
    startingAfter?: string;
    fetch: (where: SQL | undefined, take: number) => Promise<Row[]>;
  },
): Promise<Page<Row>> {
  let where = options.scope;
  if (options.startingAfter !== undefined) {
    const [cursor] = await ctx.db
      .select({ id: paged.id })
      .from(paged)
      .where(and(options.scope, sql`${paged.id} = ${options.startingAfter}`));
    if (!cursor)
      throw badRequest(`starting_after: '${options.startingAfter}' is not an item of this list.`, "starting_after");
    where = and(
      where,
      sql`(${paged.createdAt}, ${paged.id}) > (select c.created_at, c.id from ${paged} c where c.id = ${options.startingAfter})`,
    );
  }
  const rows = await options.fetch(where, options.limit + 1);
  return { items: rows.slice(0, options.limit), has_more: rows.length > options.limit };
}
