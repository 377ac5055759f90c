import { type ListQuery, type Page } from "@tolk/contract";
import { type DbOrTx, type Transaction } from "@tolk/db";
import { type SQL, and, asc, count, eq } from "drizzle-orm";
import { type AnyPgColumn, type PgSelect, type PgTable } from "drizzle-orm/pg-core";

import { type PrincipalOrg } from "../../auth/principal";
import { type AuditAction, recordAudit } from "../../audit/record-audit";
import { type DomainContext, withTransaction } from "../../context";
import { type TolkError, notFound } from "../../errors";
import { type PagedTable, pageOf } from "./pagination";
import { type CountLimit, createWithinPlanLimit } from "./plan-limit";

/** A table of an organization's resources: glossaries, translation memories, brand voices, projects. */
export type OwnedTable = PgTable & { id: AnyPgColumn; orgId: AnyPgColumn; name: AnyPgColumn; createdAt: AnyPgColumn };

/**
 * One kind of an organization's resources, as its module defines it: what its use cases share
 * is done by the functions below, what is its own (its columns, its view) stays in the module.
 */
export interface OwnedKind<T extends OwnedTable = OwnedTable> {
  table: T;
  /** How a 404 names one: `${noun} '${id}'`. */
  noun: string;
  /** The plan limit its creates count against, and how the 403 names what was counted. */
  limit: CountLimit;
  counted: string;
  /** Which of the organization's rows count against the limit besides being its own (all by default). */
  countedOnly?: SQL;
  /** The audit records of a create and a delete; a kind without them records neither. */
  audit?: { type: string; created: AuditAction; deleted: AuditAction };
}

/** A kind with how its rows are read and shown. */
export interface ResourceKind<T extends OwnedTable, Q extends PgSelect, View> extends OwnedKind<T> {
  /** The query that reads rows as `view` needs them (the page's conditions are added to it). */
  select: (db: DbOrTx) => Q;
  view: (row: Awaited<Q>[number]) => View;
}

/** Declares a kind, its types inferred from `select` and `view`. */
export const resourceKind = <T extends OwnedTable, Q extends PgSelect, View>(kind: ResourceKind<T, Q, View>) => kind;

/** The one row `id` when it is the organization's: another organization's is as absent as a missing one. */
export const ownedBy = (kind: OwnedKind, orgId: string, id: string): SQL | undefined =>
  and(eq(kind.table.id, id), eq(kind.table.orgId, orgId));

/** 404 naming the resource: "Glossary 'gl_…'". */
export const resourceNotFound = (kind: OwnedKind, id: string): TolkError => notFound(`${kind.noun} '${id}'`);

/** The organization's resource as stored; another organization's answers 404 exactly like a missing one. */
export async function findOwned<T extends OwnedTable>(
  ctx: DomainContext,
  kind: OwnedKind<T>,
  orgId: string,
  id: string,
): Promise<T["$inferSelect"]> {
  const table: OwnedTable = kind.table;
  const [row] = (await ctx.db
    .select()
    .from(table)
    .where(ownedBy(kind, orgId, id))) as T["$inferSelect"][];
  if (!row) throw resourceNotFound(kind, id);
  return row;
}

/** GET one: the organization's resource as its view (404 as findOwned). */
export async function getOwned<T extends OwnedTable, Q extends PgSelect, View>(
  ctx: DomainContext,
  kind: ResourceKind<T, Q, View>,
  options: { orgId: string; id: string },
): Promise<View> {
  const [row] = await kind.select(ctx.db).where(ownedBy(kind, options.orgId, options.id));
  if (!row) throw resourceNotFound(kind, options.id);
  return kind.view(row);
}

/**
 * One page of `select`'s rows within `scope`, oldest first by (created_at, id), as views: every
 * list of resources and of their entries reads this way.
 */
export async function pageOldestFirst<Q extends PgSelect, View>(
  ctx: DomainContext,
  table: PagedTable,
  options: { scope: SQL | undefined; query: ListQuery; select: Q; view: (row: Awaited<Q>[number]) => View },
): Promise<Page<View>> {
  const page = await pageOf(ctx, table, {
    scope: options.scope,
    limit: options.query.limit,
    startingAfter: options.query.starting_after,
    fetch: async (where, take): Promise<Awaited<Q>[number][]> =>
      await options.select.where(where).orderBy(asc(table.createdAt), asc(table.id)).limit(take),
  });
  return { ...page, items: page.items.map(options.view) };
}

/** GET the list: the organization's resources of one kind, oldest first, a page at a time. */
export function listOwned<T extends OwnedTable, Q extends PgSelect, View>(
  ctx: DomainContext,
  kind: ResourceKind<T, Q, View>,
  options: { orgId: string; query: ListQuery },
): Promise<Page<View>> {
  return pageOldestFirst(ctx, kind.table, {
    scope: eq(kind.table.orgId, options.orgId),
    query: options.query,
    select: kind.select(ctx.db),
    view: kind.view,
  });
}

/** How many of the organization's resources of one kind count against its plan's limit. */
export async function countOwned(db: DbOrTx, kind: OwnedKind, orgId: string): Promise<number> {
  const owned = eq(kind.table.orgId, orgId);
  const [row] = await db
    .select({ n: count() })
    .from(kind.table)
    .where(kind.countedOnly ? and(owned, kind.countedOnly) : owned);
  return row?.n ?? 0;
}

/**
 * POST: `insert` within the plan's limit of the kind (403 plan_limit_reached beyond), with the
 * kind's audit record of the creation in the same transaction.
 */
export function createOwned<Created extends { id: string; name: string }>(
  ctx: DomainContext,
  kind: OwnedKind,
  options: { org: Pick<PrincipalOrg, "id">; insert: (tx: Transaction) => Promise<Created> },
): Promise<Created> {
  const audit = kind.audit;
  return createWithinPlanLimit(ctx, {
    org: options.org,
    limit: kind.limit,
    audit:
      audit &&
      ((created) => ({ action: audit.created, target: { type: audit.type, id: created.id, label: created.name } })),
    what: kind.counted,
    count: (tx) => countOwned(tx, kind, options.org.id),
    insert: options.insert,
  });
}

/** PATCH: sets `changes` on the organization's resource and returns it as stored (404 as findOwned). */
export async function updateOwned<T extends OwnedTable>(
  ctx: DomainContext,
  kind: OwnedKind<T>,
  options: { orgId: string; id: string; changes: Partial<T["$inferInsert"]> },
): Promise<T["$inferSelect"]> {
  const [row] = (await ctx.db
    .update(kind.table as PgTable)
    .set(options.changes)
    .where(ownedBy(kind, options.orgId, options.id))
    .returning()) as T["$inferSelect"][];
  if (!row) throw resourceNotFound(kind, options.id);
  return row;
}

/** DELETE: the organization's resource (what hangs off it goes by cascade), with the kind's audit record. */
export function deleteOwned(
  ctx: DomainContext,
  kind: OwnedKind,
  options: { orgId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  return withTransaction(ctx, async (tx, txCtx) => {
    const [deleted] = (await tx
      .delete(kind.table as PgTable)
      .where(ownedBy(kind, options.orgId, options.id))
      .returning({ id: kind.table.id, name: kind.table.name })) as { id: string; name: string }[];
    if (!deleted) throw resourceNotFound(kind, options.id);
    if (kind.audit)
      await recordAudit(txCtx, {
        orgId: options.orgId,
        action: kind.audit.deleted,
        target: { type: kind.audit.type, id: deleted.id, label: deleted.name },
      });
    return { id: options.id, deleted: true };
  });
}
