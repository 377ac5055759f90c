import { creditLedger, creditLots } from "@tolk/db";
import { and, eq, gte, inArray, sql } from "drizzle-orm";

import { type CreditsInfo } from "@tolk/contract";

import { type PrincipalOrg } from "../auth/principal";
import { type DomainContext } from "../context";
import { effectiveLimits } from "../plans";
import { readLiveLots, spendableCredits } from "./get-spendable-credits";

/**
 * The quota's credit figures. `consumed` is everything spent in this period, allowance and
 * top-ups alike; `top_up_balance` is the top-up credit this period had to spend (what is left
 * plus what was spent this period), so that remaining = allowance + top_up_balance − consumed
 * holds exactly as the spec defines it. `top_up_remaining` (extension) is what is left of lots.
 */
export async function getCreditBalance(ctx: DomainContext, org: PrincipalOrg): Promise<CreditsInfo> {
  const allowance = effectiveLimits(org).monthly_credits;
  const lots = await readLiveLots(ctx, org);
  const { period, allowanceLot } = lots;
  const [topUpSpent] = await ctx.db
    .select({ spent: sql<string | null>`-sum(${creditLedger.amount})` })
    .from(creditLedger)
    .innerJoin(creditLots, eq(creditLots.id, creditLedger.lotId))
    .where(
      and(
        eq(creditLedger.orgId, org.id),
        eq(creditLots.kind, "top_up"),
        inArray(creditLedger.entryType, ["debit", "refund"]),
        gte(creditLedger.createdAt, period.start),
      ),
    );

  const allowanceConsumed = allowanceLot ? allowanceLot.amount - allowanceLot.remaining : 0;
  const topUpRemaining = lots.topUpRemaining;
  const topUpConsumed = Math.max(0, Number(topUpSpent?.spent ?? 0));
  const consumed = allowanceConsumed + topUpConsumed;
  const topUpBalance = topUpRemaining + topUpConsumed;
  const total = allowance + topUpBalance;
  return {
    allowance,
    consumed,
    top_up_balance: topUpBalance,
    remaining: spendableCredits(org, lots),
    // 0..100 as the spec says, also when a downgrade left more consumed than the new total.
    usage_percent: total === 0 ? 0 : Math.min(100, Math.round((consumed / total) * 1000) / 10),
    top_up_remaining: topUpRemaining,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
  };
}
