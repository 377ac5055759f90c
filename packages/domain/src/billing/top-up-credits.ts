import { creditLedger, creditLots } from "@tolk/db";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { badRequest, notFound } from "../errors";
import { lockOrganization } from "./lock-organization";
import { getCreditBalance } from "./get-credit-balance";

/** Adds a purchased lot; lots are spent after the allowance, oldest first. */
export async function topUpCredits(
  ctx: DomainContext,
  options: { orgId: string; amount: number },
): Promise<{ lotId: string; amount: number; remaining: number }> {
  if (!Number.isSafeInteger(options.amount) || options.amount <= 0 || options.amount > 1_000_000_000) {
    throw badRequest("A top-up must be a whole number of credits between 1 and 1,000,000,000.", "amount");
  }
  return withTransaction(ctx, async (tx, txCtx) => {
    const org = await lockOrganization(tx, options.orgId);
    if (!org) throw notFound("Organization");
    const now = ctx.now();
    const [lot] = await tx
      .insert(creditLots)
      .values({ orgId: org.id, kind: "top_up", amount: options.amount, remaining: options.amount, createdAt: now })
      .returning({ id: creditLots.id });
    if (!lot) throw new Error("lot insert returned no row");
    await tx
      .insert(creditLedger)
      .values({ orgId: org.id, lotId: lot.id, entryType: "top_up", amount: options.amount, createdAt: now });
    await recordAudit(txCtx, {
      orgId: org.id,
      action: "credits.topped_up",
      target: { type: "credit_lot", id: lot.id, label: `${options.amount} credits` },
    });
    const balance = await getCreditBalance(txCtx, org);
    return { lotId: lot.id, amount: options.amount, remaining: balance.remaining };
  });
}
