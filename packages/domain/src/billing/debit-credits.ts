import { organizations } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type PrincipalOrg, principalOrgColumns } from "../auth/principal";
import { type DomainContext } from "../context";
import { badRequest, insufficientCredits, notFound } from "../errors";
import { effectiveLimits } from "../plans";
import { metrics } from "../ports/metrics";
import { billingPeriod } from "./billing-period";
import { type DebitStatement } from "../ports/debits";

/** One usage event: a translation into one target language. */
export interface UsageRecord {
  orgId: string;
  requestId: string;
  kind: "text" | "batch" | "document";
  sourceLang: string;
  targetLang: string;
  characters: number;
  credits: number;
  /** The API key that made the request (usage per key); null or absent otherwise. */
  apiKeyId?: string | null;
}

export interface DebitOptions {
  orgId: string;
  amount: number;
  /** Unique per billed operation (the request id, or the job id): a repeat debits nothing. */
  operationKey: string;
  /** The organization as the caller already has it (saves a read); loaded when absent. */
  org?: PrincipalOrg;
  /** Usage events written in the same transaction as the debit. */
  usage?: readonly Omit<UsageRecord, "orgId">[];
}

export interface DebitResult {
  debitId: string;
  amount: number;
  /** True when this operation had been debited before and nothing new was taken. */
  replayed: boolean;
  drawn: { lotId: string; amount: number }[];
}

/**
 * Takes `amount` credits atomically, in the lots' drawing order. All or nothing: when the
 * organization cannot pay in full, nothing is taken and a 402 states what was needed and what
 * is available. Concurrent debits of one organization are serialized on its row lock, so two
 * requests can never spend the same credit.
 *
 * The rules run in the database functions of packages/db/sql/functions (`tolk_debit`, a call
 * of `tolk_debit_many`; docs/billing.md): one statement, one round trip, its own transaction,
 * whatever the number of lots it draws from, written through `ctx.debits` (on the server's
 * root context, concurrent debits share one statement and commit).
 */
export async function debitCredits(ctx: DomainContext, options: DebitOptions): Promise<DebitResult> {
  if (!Number.isSafeInteger(options.amount) || options.amount < 0) {
    throw badRequest("A debit must be a whole, non-negative number of credits.");
  }
  const org =
    options.org ??
    (await ctx.db.select(principalOrgColumns).from(organizations).where(eq(organizations.id, options.orgId)))[0];
  if (!org) throw notFound("Organization");
  const now = ctx.now();
  const period = billingPeriod(org.billingAnchor, now);
  const statement: DebitStatement = {
    org: org.id,
    key: options.operationKey,
    amount: options.amount,
    allowance: effectiveLimits(org).monthly_credits,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    now: now.toISOString(),
    usage:
      options.usage?.map((u) => ({
        request_id: u.requestId,
        kind: u.kind,
        source_lang: u.sourceLang,
        target_lang: u.targetLang,
        characters: u.characters,
        credits: u.credits,
        api_key_id: u.apiKeyId ?? null,
      })) ?? null,
  };
  const reply = await ctx.debits.submit(statement);
  if (reply && "failed" in reply) throw new Error(`Debit failed: ${reply.failed}`);
  if (!reply || "error" in reply) throw notFound("Organization");
  if ("insufficient" in reply) throw insufficientCredits(options.amount, reply.available);
  if (!reply.replayed) metrics().creditsDebited({ kind: options.usage?.[0]?.kind ?? "other", credits: reply.amount });
  return {
    debitId: reply.debit_id,
    amount: reply.amount,
    replayed: reply.replayed,
    drawn: reply.drawn.map((d) => ({ lotId: d.lot_id, amount: d.amount })),
  };
}
