import { orgAlerts } from "@tolk/db";
import { eq } from "drizzle-orm";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { badRequest } from "../errors";
import { newWebhookSecret } from "./webhook-signature";
import { STRICT_WEBHOOK_POLICY, checkWebhookUrl } from "./webhook-target";

export interface AlertSettings {
  /** Percent of the period's credits used at which the alert fires; null = off. */
  thresholdPercent: number | null;
  webhookUrl: string | null;
  webhookSecret: string;
}

/** An organization's alert settings; the first read makes its webhook secret. */
export async function getAlertSettings(ctx: DomainContext, options: { orgId: string }): Promise<AlertSettings> {
  const [row] = await ctx.db.select().from(orgAlerts).where(eq(orgAlerts.orgId, options.orgId));
  if (row) return row;
  await ctx.db
    .insert(orgAlerts)
    .values({ orgId: options.orgId, webhookSecret: newWebhookSecret(), updatedAt: ctx.now() })
    .onConflictDoNothing();
  const [made] = await ctx.db.select().from(orgAlerts).where(eq(orgAlerts.orgId, options.orgId));
  if (!made) throw new Error("alert settings row missing after insert");
  return made;
}

/** Sets the threshold and the webhook URL (null for none; where it may point: webhook-target.ts). */
export async function updateAlertSettings(
  ctx: DomainContext,
  options: { orgId: string; thresholdPercent: number | null; webhookUrl: string | null },
): Promise<AlertSettings> {
  const { thresholdPercent } = options;
  if (
    thresholdPercent !== null &&
    (!Number.isInteger(thresholdPercent) || thresholdPercent < 1 || thresholdPercent > 100)
  ) {
    throw badRequest("The threshold must be a whole percentage from 1 to 100.", "thresholdPercent");
  }
  const webhookUrl = options.webhookUrl?.trim() || null;
  if (webhookUrl !== null) checkWebhookUrl(webhookUrl, ctx.webhooks ?? STRICT_WEBHOOK_POLICY);
  await getAlertSettings(ctx, options);
  return withTransaction(ctx, async (tx, txCtx) => {
    const [row] = await tx
      .update(orgAlerts)
      .set({ thresholdPercent, webhookUrl, updatedAt: ctx.now() })
      .where(eq(orgAlerts.orgId, options.orgId))
      .returning();
    if (!row) throw new Error("alert settings row missing");
    const label = `threshold ${thresholdPercent === null ? "off" : `${thresholdPercent} %`}, webhook ${webhookUrl ?? "none"}`;
    await recordAudit(txCtx, {
      orgId: options.orgId,
      action: "alerts.updated",
      target: { type: "alerts", id: options.orgId, label },
    });
    return row;
  });
}

/**
 * What the console shows of the settings: the secret only as a hint (its last characters), so a
 * screen or a screenshot never carries it; the full secret is shown once, when it is rotated.
 */
export async function getAlertSettingsView(ctx: DomainContext, options: { orgId: string }) {
  const { thresholdPercent, webhookUrl, webhookSecret } = await getAlertSettings(ctx, options);
  return { thresholdPercent, webhookUrl, secretHint: `whsec_…${webhookSecret.slice(-4)}` };
}

/** A new signing secret, replacing the old one at once; returned this one time. */
export async function rotateWebhookSecret(
  ctx: DomainContext,
  options: { orgId: string },
): Promise<{ webhookSecret: string }> {
  await getAlertSettings(ctx, options);
  const webhookSecret = newWebhookSecret();
  return withTransaction(ctx, async (tx, txCtx) => {
    await tx.update(orgAlerts).set({ webhookSecret, updatedAt: ctx.now() }).where(eq(orgAlerts.orgId, options.orgId));
    await recordAudit(txCtx, {
      orgId: options.orgId,
      action: "alerts.secret_rotated",
      target: { type: "alerts", id: options.orgId, label: `webhook secret whsec_…${webhookSecret.slice(-4)}` },
    });
    return { webhookSecret };
  });
}
