import { orgAlerts, webhookDeliveries } from "@tolk/db";
import { desc, eq, sql } from "drizzle-orm";

import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

import { type DomainContext } from "../context";
import { isTolkError } from "../errors";
import { errorFields, logger } from "../ports/logger";
import { SIGNATURE_HEADER, signWebhook } from "./webhook-signature";
import { STRICT_WEBHOOK_POLICY, checkWebhookUrl, guardedLookup, type WebhookTargetPolicy } from "./webhook-target";

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
export async function deliverDueWebhooks(ctx: DomainContext, options: { limit?: number } = {}): Promise<number> {
  const policy = ctx.webhooks ?? STRICT_WEBHOOK_POLICY;
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
    const [alert] = await ctx.db
      .select({ secret: orgAlerts.webhookSecret })
      .from(orgAlerts)
      .where(eq(orgAlerts.orgId, d.orgId));
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await postWebhook(
        d.url,
        policy,
        {
          "Content-Type": "application/json",
          "User-Agent": "Tolk-Webhooks/1",
          "Tolk-Event": d.event,
          "Tolk-Delivery": d.id,
          [SIGNATURE_HEADER]: signWebhook(alert?.secret ?? "", Math.floor(ctx.now().getTime() / 1000), d.payload),
        },
        d.payload,
      );
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
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
    if (error !== null)
      logger().warn({ delivery_id: d.id, org_id: d.orgId, attempts, status, error }, "webhook delivery failed");
  }
  return claimed.length;
}

/**
 * One POST, redirects not followed, through the policy's guarded lookup: the target is checked
 * on the address the connection is made to, not on the one the URL had when it was saved.
 */
function postWebhook(
  raw: string,
  policy: WebhookTargetPolicy,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = checkWebhookUrl(raw, policy);
    } catch (err) {
      return reject(new Error(`webhook target refused: ${isTolkError(err) ? err.message : String(err)}`));
    }
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": Buffer.byteLength(body) },
        lookup: guardedLookup(policy),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(body);
  });
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
