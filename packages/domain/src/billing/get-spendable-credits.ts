import { type Organization, creditLots } from "@tolk/db";
import { and, eq, gt, or } from "drizzle-orm";

import { type DomainContext } from "../context";
import { effectiveLimits } from "../plans";
import { billingPeriod } from "./billing-period";

/**
 * What a debit could take right now: this period's allowance left plus every top-up lot's
 * remainder. Reads the organization's few live lots only (never the ledger), so it costs the
 * same on the millionth request as on the first; the hot path's pre-check uses it.
 */
export async function getSpendableCredits(
  ctx: DomainContext,
  org: Pick<Organization, "id" | "plan" | "planOverrides" | "billingAnchor">,
): Promise<number> {
  const period = billingPeriod(org.billingAnchor, ctx.now());
  const lots = await ctx.db
    .select({ kind: creditLots.kind, remaining: creditLots.remaining })
    .from(creditLots)
    .where(
      and(
        eq(creditLots.orgId, org.id),
        or(
          and(eq(creditLots.kind, "top_up"), gt(creditLots.remaining, 0)),
          and(eq(creditLots.kind, "allowance"), eq(creditLots.periodStart, period.start)),
        ),
      ),
    );
  // Before the period's first debit its allowance lot does not exist yet: the whole allowance.
  const hasAllowanceLot = lots.some((l) => l.kind === "allowance");
  const allowance = hasAllowanceLot ? 0 : effectiveLimits(org).monthly_credits;
  return lots.reduce((sum, l) => sum + l.remaining, allowance);
}
