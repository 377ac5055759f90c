import { countCharacters, creditsFor } from "@tolk/contract";
import { creditDebits } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type Principal, type PrincipalOrg } from "../auth/principal";
import { type DomainContext } from "../context";
import { insufficientCredits } from "../errors";
import { billingPeriod } from "./billing-period";
import { debitCredits } from "./debit-credits";
import { readLiveLots, spendableCredits } from "./get-spendable-credits";

// The billing rule lives in the contract, where the console estimates with it too.
export { countCharacters, creditsFor };

/**
 * Refuses (402) before any work when the balance cannot cover the estimate. The exact figure
 * is billed afterwards; if the output came out longer than the balance, that debit refuses
 * too, and the work is not billed. With `ctx.spendable` a recent figure that covers the
 * estimate saves the read (see SpendableHints for why that is safe). An operation already
 * debited (an Idempotency-Key retry of an attempt whose debit committed) is never refused:
 * its debit replays, it is paid.
 */
export async function assertCanAfford(
  ctx: DomainContext,
  principal: Pick<Principal, "org">,
  estimate: number,
  operationKey?: string,
): Promise<void> {
  const { org } = principal;
  const now = ctx.now();
  if (ctx.spendable.covers(org.id, billingPeriod(org.billingAnchor, now).start, estimate, now)) return;
  const lots = await readLiveLots(ctx, org);
  const available = spendableCredits(org, lots);
  ctx.spendable.remember(org.id, lots.period.start, available, now);
  if (available >= estimate) return;
  if (operationKey !== undefined && (await isDebited(ctx, org.id, operationKey))) return;
  throw insufficientCredits(estimate, available);
}

async function isDebited(ctx: DomainContext, orgId: string, operationKey: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: creditDebits.id })
    .from(creditDebits)
    .where(and(eq(creditDebits.orgId, orgId), eq(creditDebits.operationKey, operationKey)));
  return rows.length > 0;
}

export interface TargetUsage {
  targetLang: string;
  characters: number;
  credits: number;
}

/** Debits a translation and records its usage per target language, in one statement. */
export async function billTranslation(
  ctx: DomainContext,
  options: {
    org: PrincipalOrg;
    /** The API key of the request, recorded with its usage. */
    apiKeyId?: string | null;
    requestId: string;
    kind: "text" | "batch" | "document";
    sourceLang: string;
    usage: TargetUsage[];
  },
): Promise<number> {
  const total = options.usage.reduce((s, u) => s + u.credits, 0);
  await debitCredits(ctx, {
    orgId: options.org.id,
    org: options.org,
    amount: total,
    operationKey: options.requestId,
    usage: options.usage.map((u) => ({
      requestId: options.requestId,
      kind: options.kind,
      sourceLang: options.sourceLang,
      targetLang: u.targetLang,
      characters: u.characters,
      credits: u.credits,
      apiKeyId: options.apiKeyId ?? null,
    })),
  });
  ctx.spendable.spent(options.org.id, total);
  return total;
}
