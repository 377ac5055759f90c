import { creditDebits, creditLedger, creditLots, organizations } from "@tolk/db";
import { asc, eq, sql } from "drizzle-orm";

import { type DomainContext, type Principal, TolkError, principalOrgColumns } from "../src";

/** The error a call rejects with; fails the test when it resolves or throws something else. */
export async function rejection(promise: Promise<unknown>): Promise<TolkError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TolkError) return err;
    throw err;
  }
  throw new Error("expected a TolkError, but the call succeeded");
}

/** Same for a synchronous call. */
export function thrown(fn: () => unknown): TolkError {
  try {
    fn();
  } catch (err) {
    if (err instanceof TolkError) return err;
    throw err;
  }
  throw new Error("expected a TolkError, but the call returned");
}

export async function loadOrg(ctx: DomainContext, orgId: string): Promise<Principal["org"]> {
  const [org] = await ctx.db.select(principalOrgColumns).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new Error(`no organization ${orgId}`);
  return org;
}

export interface LotState {
  id: string;
  kind: "allowance" | "top_up";
  amount: number;
  remaining: number;
  /** Sum of every ledger entry of the lot: must always equal `remaining`. */
  ledgerSum: number;
}

/** An organization's lots in spending order (allowance periods first, then top-ups oldest first). */
export async function lotStates(ctx: DomainContext, orgId: string): Promise<LotState[]> {
  const lots = await ctx.db
    .select({ id: creditLots.id, kind: creditLots.kind, amount: creditLots.amount, remaining: creditLots.remaining })
    .from(creditLots)
    .where(eq(creditLots.orgId, orgId))
    .orderBy(sql`(${creditLots.kind} = 'allowance') desc`, asc(creditLots.createdAt));
  const sums = await ctx.db
    .select({ lotId: creditLedger.lotId, sum: sql<string>`sum(${creditLedger.amount})` })
    .from(creditLedger)
    .where(eq(creditLedger.orgId, orgId))
    .groupBy(creditLedger.lotId);
  const byLot = new Map(sums.map((s) => [s.lotId, Number(s.sum)]));
  return lots.map((l) => ({ ...l, ledgerSum: byLot.get(l.id) ?? 0 }));
}

/** Ledger entries of one debit, as {lotId: amount} (debits negative, refunds positive). */
export async function ledgerOfDebit(ctx: DomainContext, orgId: string, operationKey: string) {
  const rows = await ctx.db
    .select({ lotId: creditLedger.lotId, entryType: creditLedger.entryType, amount: creditLedger.amount })
    .from(creditLedger)
    .innerJoin(creditDebits, eq(creditDebits.id, creditLedger.debitId))
    .where(sql`${creditDebits.orgId} = ${orgId} and ${creditDebits.operationKey} = ${operationKey}`);
  return rows;
}

export async function debitRows(ctx: DomainContext, orgId: string) {
  return ctx.db.select().from(creditDebits).where(eq(creditDebits.orgId, orgId));
}

export function ledgerRows(ctx: DomainContext, orgId: string) {
  return ctx.db.select().from(creditLedger).where(eq(creditLedger.orgId, orgId));
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
