import { type Database, creditDebits, creditLedger, creditLots } from "@tolk/db";
import { and, asc, eq, gt, or, sql } from "drizzle-orm";

import { type DomainContext } from "../context";
import { badRequest, insufficientCredits, notFound } from "../errors";
import { effectiveLimits } from "../plans";
import { ensureAllowanceLot, lockOrganization } from "./allowance-lot";
import { billingPeriod } from "./billing-period";

export interface DebitOptions {
  orgId: string;
  amount: number;
  /** Unique per billed operation (the request id, or the job id): a repeat debits nothing. */
  operationKey: string;
}

export interface DebitResult {
  debitId: string;
  amount: number;
  /** True when this operation had been debited before and nothing new was taken. */
  replayed: boolean;
  drawn: { lotId: string; amount: number }[];
}

/**
 * Takes `amount` credits atomically: the current allowance first, then top-up lots oldest
 * first. All or nothing: when the organization cannot pay in full, nothing is taken and a 402
 * states what was needed and what is available. Concurrent debits of one organization are
 * serialized on its row lock, so two requests can never spend the same credit.
 */
export async function debitCredits(ctx: DomainContext, options: DebitOptions): Promise<DebitResult> {
  if (!Number.isSafeInteger(options.amount) || options.amount < 0) {
    throw badRequest("A debit must be a whole, non-negative number of credits.");
  }
  return (ctx.db as Database).transaction(async (tx) => {
    const org = await lockOrganization(tx, options.orgId);
    if (!org) throw notFound("Organization");

    const [previous] = await tx
      .select()
      .from(creditDebits)
      .where(and(eq(creditDebits.orgId, org.id), eq(creditDebits.operationKey, options.operationKey)));
    if (previous) {
      const drawn = await tx
        .select({ lotId: creditLedger.lotId, amount: sql<number>`-${creditLedger.amount}` })
        .from(creditLedger)
        .where(and(eq(creditLedger.debitId, previous.id), eq(creditLedger.entryType, "debit")));
      return { debitId: previous.id, amount: previous.amount, replayed: true, drawn };
    }

    const now = ctx.now();
    const period = billingPeriod(org.billingAnchor, now);
    const allowance = await ensureAllowanceLot(tx, org.id, period, effectiveLimits(org).monthly_credits);
    const lots = await tx
      .select({ id: creditLots.id, remaining: creditLots.remaining })
      .from(creditLots)
      .where(
        and(
          eq(creditLots.orgId, org.id),
          gt(creditLots.remaining, 0),
          or(eq(creditLots.kind, "top_up"), eq(creditLots.id, allowance.id)),
        ),
      )
      .orderBy(sql`(${creditLots.kind} = 'allowance') desc`, asc(creditLots.createdAt), asc(creditLots.id));
    const available = lots.reduce((sum, l) => sum + l.remaining, 0);
    if (available < options.amount) throw insufficientCredits(options.amount, available);

    const [debit] = await tx
      .insert(creditDebits)
      .values({ orgId: org.id, operationKey: options.operationKey, amount: options.amount, createdAt: now })
      .returning({ id: creditDebits.id });
    if (!debit) throw new Error("debit insert returned no row");

    const drawn: DebitResult["drawn"] = [];
    let left = options.amount;
    for (const lot of lots) {
      if (left === 0) break;
      const take = Math.min(lot.remaining, left);
      left -= take;
      drawn.push({ lotId: lot.id, amount: take });
      await tx.update(creditLots).set({ remaining: sql`${creditLots.remaining} - ${take}` }).where(eq(creditLots.id, lot.id));
    }
    if (drawn.length > 0) {
      await tx.insert(creditLedger).values(
        drawn.map((d) => ({ orgId: org.id, lotId: d.lotId, debitId: debit.id, entryType: "debit" as const, amount: -d.amount, createdAt: now })),
      );
    }
    return { debitId: debit.id, amount: options.amount, replayed: false, drawn };
  });
}
