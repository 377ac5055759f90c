import { orgAlerts, webhookDeliveries } from "@tolk/db";
import { desc, eq, sql } from "drizzle-orm";

import { type DomainContext } from "../context";
import { errorFields, logger } from "../runtime/log";
import { SIGNATURE_HEADER, signWebhook } from "./webhook-signature";

/** Attempts before a delivery is given up as failed. */
export const MAX_WEBHOOK_ATTEMPTS = 8;
const TIMEOUT_MS = 10_000;
/** A claimed delivery is retried by another worker if its claimer dies mid-send. */
const CLAIM_MS = 60_000;

/** Wait before attempt n + 1: 10 s, 20 s, 40 s … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Sends the due webhook events (the outbox), signed with the organization's current secret.
 * A 2xx answer delivers; anything else is retried with backoff, up to MAX_WEBHOOK_ATTEMPTS.
 * Deliveries are claimed with SKIP LOCKED, so several workers never send one twice at once.
 */
export async function deliverDueWebhooks(ctx: DomainContext, options: { limit?: number; fetch?: typeof fetch } = {}): Promise<number> {
  const now = ctx.now();
  const claimed = await ctx.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(
      sql`${webhookDeliveries.id} in (select id from ${webhookDeliveries}
        where ${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz
        order by ${webhookDeliveries.nextAttemptAt} limit ${options.limit ?? 10} for update skip locked)`,
    )
    .returning();
  for (const d of claimed) {
    const [alert] = await ctx.db.select({ secret: orgAlerts.webhookSecret }).from(orgAlerts).where(eq(orgAlerts.orgId, d.orgId));
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await (options.fetch ?? fetch)(d.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Tolk-Webhooks/1",
          "Tolk-Event": d.event,
          "Tolk-Delivery": d.id,
          [SIGNATURE_HEADER]: signWebhook(alert?.secret ?? "", Math.floor(ctx.now().getTime() / 1000), d.payload),
        },
        body: d.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      statusCode = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (err) {
      error = errorFields(err).err.message.slice(0, 500);
    }
    const attempts = d.attempts + 1;
    const at = ctx.now();
    const status = error === null ? "delivered" : attempts >= MAX_WEBHOOK_ATTEMPTS ? "failed" : "pending";
    await ctx.db
      .update(webhookDeliveries)
      .set({
        status,
        attempts,
        lastAttemptAt: at,
        lastStatusCode: statusCode,
        lastError: error,
        nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)),
      })
      .where(eq(webhookDeliveries.id, d.id));
    if (error !== null) logger().warn({ delivery_id: d.id, org_id: d.orgId, attempts, status, error }, "webhook delivery failed");
  }
  return claimed.length;
}

/** An organization's webhook deliveries, newest first (the console's delivery log). */
export async function listWebhookDeliveries(ctx: DomainContext, options: { orgId: string; limit?: number }) {
  return ctx.db
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      test: sql<boolean>`${webhookDeliveries.periodStart} is null`,
      url: webhookDeliveries.url,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.orgId, options.orgId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit ?? 20);
}
