import { newId, organizations, orgAlerts, webhookDeliveries } from "@tolk/db";
import { and, eq, inArray, isNotNull } from "drizzle-orm";

import { type CreditsInfo } from "@tolk/contract";

import { type PrincipalOrg, principalOrgColumns } from "../auth/principal";
import { billingPeriod } from "../billing/billing-period";
import { getCreditBalance } from "../billing/get-credit-balance";
import { type DomainContext } from "../context";

export const LOW_CREDITS_EVENT = "credits.low";

/** The body of a `credits.low` event (docs/webhooks.md). */
export function lowCreditsPayload(options: {
  id: string;
  orgId: string;
  threshold: number;
  credits: CreditsInfo;
  now: Date;
  test: boolean;
}): string {
  const { credits } = options;
  return JSON.stringify({
    id: options.id,
    type: LOW_CREDITS_EVENT,
    created_at: options.now.toISOString(),
    test: options.test,
    data: {
      org_id: options.orgId,
      threshold_percent: options.threshold,
      usage_percent: credits.usage_percent,
      consumed: credits.consumed,
      allowance: credits.allowance,
      top_up_balance: credits.top_up_balance,
      remaining: credits.remaining,
      period_start: credits.period_start,
      period_end: credits.period_end,
    },
  });
}

/** Whether the organization has used at least its alert threshold of this period's credits (the console's banner). */
export async function getLowCreditStatus(ctx: DomainContext, options: { org: PrincipalOrg }) {
  const [alert] = await ctx.db
    .select({ threshold: orgAlerts.thresholdPercent })
    .from(orgAlerts)
    .where(eq(orgAlerts.orgId, options.org.id));
  const threshold = alert?.threshold ?? null;
  if (threshold === null) return { thresholdPercent: null, usagePercent: null, crossed: false };
  const credits = await getCreditBalance(ctx, options.org);
  return {
    thresholdPercent: threshold,
    usagePercent: credits.usage_percent,
    crossed: credits.usage_percent >= threshold,
    remaining: credits.remaining,
  };
}

/**
 * For organizations that just spent credits: queues one `credits.low` event per billing period
 * when the usage reached the threshold. The unique (org, event, period) index makes the event
 * single however many requests or instances cross it together; the worker delivers it.
 */
export async function queueLowCreditAlerts(
  ctx: DomainContext,
  options: { orgIds: readonly string[] },
): Promise<number> {
  if (options.orgIds.length === 0) return 0;
  const watched = await ctx.db
    .select({ org: principalOrgColumns, threshold: orgAlerts.thresholdPercent, url: orgAlerts.webhookUrl })
    .from(orgAlerts)
    .innerJoin(organizations, eq(organizations.id, orgAlerts.orgId))
    .where(
      and(
        inArray(orgAlerts.orgId, [...options.orgIds]),
        isNotNull(orgAlerts.thresholdPercent),
        isNotNull(orgAlerts.webhookUrl),
      ),
    );
  let queued = 0;
  for (const w of watched) {
    if (w.threshold === null || w.url === null) continue;
    // Alerted already this period: skip the balance read (this runs after every batch).
    const [sent] = await ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.orgId, w.org.id),
          eq(webhookDeliveries.event, LOW_CREDITS_EVENT),
          eq(webhookDeliveries.periodStart, billingPeriod(w.org.billingAnchor, ctx.now()).start),
        ),
      );
    if (sent) continue;
    const credits = await getCreditBalance(ctx, w.org);
    if (credits.usage_percent < w.threshold) continue;
    const now = ctx.now();
    const id = newId("webhookDelivery");
    const payload = lowCreditsPayload({ id, orgId: w.org.id, threshold: w.threshold, credits, now, test: false });
    const [row] = await ctx.db
      .insert(webhookDeliveries)
      .values({
        id,
        orgId: w.org.id,
        event: LOW_CREDITS_EVENT,
        periodStart: new Date(credits.period_start),
        url: w.url,
        payload,
        status: "pending",
        nextAttemptAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (row) queued++;
  }
  return queued;
}

/** Queues a test `credits.low` event (`"test": true`) to the configured URL, with today's figures. */
export async function queueTestWebhook(
  ctx: DomainContext,
  options: { org: PrincipalOrg; threshold: number | null; url: string | null },
) {
  if (!options.url) return null;
  const credits = await getCreditBalance(ctx, options.org);
  const now = ctx.now();
  const id = newId("webhookDelivery");
  const payload = lowCreditsPayload({
    id,
    orgId: options.org.id,
    threshold: options.threshold ?? 0,
    credits,
    now,
    test: true,
  });
  await ctx.db.insert(webhookDeliveries).values({
    id,
    orgId: options.org.id,
    event: LOW_CREDITS_EVENT,
    periodStart: null,
    url: options.url,
    payload,
    status: "pending",
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}
