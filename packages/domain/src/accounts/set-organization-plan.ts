import { type Organization, creditLedger, creditLots, organizations } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type Plan } from "@tolk/contract";

import { lockOrganization } from "../billing/lock-organization";
import { billingPeriod } from "../billing/billing-period";
import { type DomainContext, withTransaction } from "../context";
import { notFound } from "../errors";
import { effectiveLimits, parsePlanOverrides } from "../plans";

/**
 * Changes an organization's plan (and enterprise limits). The current period's allowance
 * follows at once: what was already consumed stays consumed, the rest is the new allowance.
 */
export async function setOrganizationPlan(
  ctx: DomainContext,
  options: { orgId: string; plan: Plan; limits?: unknown },
): Promise<Organization> {
  const planOverrides = parsePlanOverrides(options.plan, options.limits);
  return withTransaction(ctx, async (tx) => {
    const org = await lockOrganization(tx, options.orgId);
    if (!org) throw notFound("Organization");
    const [updated] = await tx
      .update(organizations)
      .set({ plan: options.plan, planOverrides })
      .where(eq(organizations.id, org.id))
      .returning();
    if (!updated) throw notFound("Organization");

    const period = billingPeriod(org.billingAnchor, ctx.now());
    const [lot] = await tx
      .select()
      .from(creditLots)
      .where(
        and(eq(creditLots.orgId, org.id), eq(creditLots.kind, "allowance"), eq(creditLots.periodStart, period.start)),
      );
    const allowance = effectiveLimits(updated).monthly_credits;
    if (lot && lot.amount !== allowance) {
      const consumed = lot.amount - lot.remaining;
      const remaining = Math.max(0, allowance - consumed);
      await tx
        .update(creditLots)
        .set({ amount: Math.max(allowance, consumed), remaining })
        .where(eq(creditLots.id, lot.id));
      await tx.insert(creditLedger).values({
        orgId: org.id,
        lotId: lot.id,
        entryType: "grant",
        amount: remaining - lot.remaining,
        createdAt: ctx.now(),
      });
    }
    return updated;
  });
}
