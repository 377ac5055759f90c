import { creditDebits, creditLedger, creditLots } from "@tolk/db";
import { and, eq, sql } from "drizzle-orm";

import { type DomainContext, withTransaction } from "../context";
import { badRequest, notFound } from "../errors";
import { lockOrganization } from "./lock-organization";

/**
 * Gives back all or part of a debit, as compensating ledger entries that point at it. Credits
 * return to the lots they came from, the last drawn first. Refunding more than was debited
 * (in total, over several calls) is refused.
 */
export async function refundCredits(
  ctx: DomainContext,
  options: { orgId: string; operationKey: string; amount?: number },
): Promise<{ refunded: number }> {
  return withTransaction(ctx, async (tx) => {
    const org = await lockOrganization(tx, options.orgId);
    if (!org) throw notFound("Organization");
    const [debit] = await tx
      .select()
      .from(creditDebits)
      .where(and(eq(creditDebits.orgId, org.id), eq(creditDebits.operationKey, options.operationKey)));
    if (!debit) throw notFound("Debit");
    const refundable = debit.amount - debit.refunded;
    const amount = options.amount ?? refundable;
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > refundable) {
      throw badRequest(`Refund must be between 0 and ${refundable} credits.`);
    }
    if (amount === 0) return { refunded: 0 };

    // In the order the debit drew its lots (the database's tolk_lot_draw_order): the ledger
    // rows of one debit share a timestamp and have random ids, so they cannot give that order.
    const entries = await tx
      .select({ lotId: creditLedger.lotId, amount: creditLedger.amount, entryType: creditLedger.entryType })
      .from(creditLedger)
      .innerJoin(sql`tolk_lot_draw_order(${org.id}) as draw`, sql`draw.lot_id = ${creditLedger.lotId}`)
      .where(eq(creditLedger.debitId, debit.id))
      .orderBy(sql`draw.draw_rank`);
    // What each lot still has outstanding from this debit (debits minus earlier refunds).
    const outstanding = new Map<string, number>();
    for (const e of entries) outstanding.set(e.lotId, (outstanding.get(e.lotId) ?? 0) - e.amount);

    const now = ctx.now();
    let left = amount;
    const lotOrder = [...new Set(entries.filter((e) => e.entryType === "debit").map((e) => e.lotId))].reverse();
    for (const lotId of lotOrder) {
      if (left === 0) break;
      const give = Math.min(left, outstanding.get(lotId) ?? 0);
      if (give <= 0) continue;
      left -= give;
      await tx
        .update(creditLots)
        .set({ remaining: sql`${creditLots.remaining} + ${give}` })
        .where(eq(creditLots.id, lotId));
      await tx
        .insert(creditLedger)
        .values({ orgId: org.id, lotId, debitId: debit.id, entryType: "refund", amount: give, createdAt: now });
    }
    await tx
      .update(creditDebits)
      .set({ refunded: debit.refunded + amount })
      .where(eq(creditDebits.id, debit.id));
    return { refunded: amount };
  });
}
