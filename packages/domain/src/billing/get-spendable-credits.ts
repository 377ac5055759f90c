import { rowsOf } from "@tolk/db";
import { sql } from "drizzle-orm";

import { type PrincipalOrg } from "../auth/principal";
import { type DomainContext } from "../context";
import { effectiveLimits } from "../plans";
import { type BillingPeriod, billingPeriod } from "./billing-period";

/** An organization's live lots: this period's allowance lot (if made yet) and top-ups with credit left. */
export interface LiveLots {
  period: BillingPeriod;
  allowanceLot: { amount: number; remaining: number } | null;
  topUpRemaining: number;
}

/**
 * One read of the few live lots, never the ledger, so it costs the same on the millionth
 * request as on the first. The quota and the translation pre-check both start from it. Which
 * lots are live is the database's rule (tolk_live_lots), the one the debit draws by.
 */
export async function readLiveLots(ctx: DomainContext, org: PrincipalOrg): Promise<LiveLots> {
  const period = billingPeriod(org.billingAnchor, ctx.now());
  const lots = rowsOf<{ kind: "allowance" | "top_up"; amount: number; remaining: number }>(
    await ctx.db.execute(
      sql`select kind, amount, remaining from tolk_live_lots(${org.id}, ${period.start.toISOString()}::timestamptz)`,
    ),
  );
  const allowance = lots.find((l) => l.kind === "allowance");
  return {
    period,
    allowanceLot: allowance ? { amount: allowance.amount, remaining: allowance.remaining } : null,
    topUpRemaining: lots.reduce((sum, l) => sum + (l.kind === "top_up" ? l.remaining : 0), 0),
  };
}

/** What a debit could take: the allowance left (all of it before the period's first debit) plus top-ups. */
export function spendableCredits(org: PrincipalOrg, lots: LiveLots): number {
  return (lots.allowanceLot?.remaining ?? effectiveLimits(org).monthly_credits) + lots.topUpRemaining;
}
