import { type CreditLot, type Transaction, creditLedger, creditLots, organizations } from "@tolk/db";

import { principalOrgColumns } from "../auth/principal";
import { and, eq } from "drizzle-orm";

import { type BillingPeriod } from "./billing-period";

/**
 * The allowance lot of a period, created by the first operation that needs it. Runs inside
 * the caller's transaction, after the organization row is locked, so it is created once.
 */
export async function ensureAllowanceLot(
  tx: Transaction,
  orgId: string,
  period: BillingPeriod,
  allowance: number,
): Promise<CreditLot> {
  const [existing] = await tx
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.orgId, orgId), eq(creditLots.kind, "allowance"), eq(creditLots.periodStart, period.start)));
  if (existing) return existing;
  const [lot] = await tx
    .insert(creditLots)
    .values({
      orgId,
      kind: "allowance",
      amount: allowance,
      remaining: allowance,
      periodStart: period.start,
      periodEnd: period.end,
      createdAt: period.start,
    })
    .returning();
  if (!lot) throw new Error("allowance lot insert returned no row");
  await tx.insert(creditLedger).values({ orgId, lotId: lot.id, entryType: "grant", amount: allowance, createdAt: period.start });
  return lot;
}

/** Locks the organization row: every credit change of one organization runs one at a time. */
export async function lockOrganization(tx: Transaction, orgId: string) {
  const [org] = await tx
    .select(principalOrgColumns)
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for("update");
  return org;
}
