import { createHash } from "node:crypto";

import { idempotencyRecords } from "@tolk/db";
import { and, eq, isNull, lte } from "drizzle-orm";

import { type DomainContext } from "../context";
import { badRequest, idempotencyConflict, idempotencyMismatch } from "../errors";

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * How long a running claim stays the running request's without being renewed. The request
 * renews it while it runs (IdempotencyLease), so a retry meets 409 for as long as the first
 * attempt works and at most this long after that attempt's process died or lost the database.
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `new`: the request runs, billed under `operationKey`, the request id of the first attempt of
 * this key; `resumed` when an earlier attempt ran under the same operation key and may have
 * committed its debit (the debit then replays instead of billing again).
 */
export type IdempotencyStart =
  { kind: "new"; operationKey: string; resumed: boolean } | { kind: "replay"; status: number; body: string };

export interface IdempotencyClaim {
  orgId: string;
  key: string;
  operationKey: string;
}

export function requestFingerprint(method: string, path: string, body: Uint8Array): string {
  return createHash("sha256").update(`${method} ${path}\n`).update(body).digest("hex");
}

/**
 * Claims an Idempotency-Key for an organization. The first request runs; a retry with the same
 * body gets the stored response; another body gets 422; a retry while the first still holds
 * its lease, 409 (Retry-After: the rest of the lease). A retry after the first attempt released
 * its claim (it failed) or stopped renewing it (its process died) runs again under the first
 * attempt's operation key, so whatever that attempt committed is not billed twice.
 */
export async function beginIdempotentRequest(
  ctx: DomainContext,
  options: { orgId: string; key: string; fingerprint: string; requestId: string; leaseMs?: number },
): Promise<IdempotencyStart> {
  if (!KEY_PATTERN.test(options.key)) {
    throw badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters.", "Idempotency-Key");
  }
  const now = ctx.now();
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? IDEMPOTENCY_LEASE_MS));
  const claim = () =>
    ctx.db
      .insert(idempotencyRecords)
      .values({
        orgId: options.orgId,
        key: options.key,
        requestHash: options.fingerprint,
        status: "running",
        operationKey: options.requestId,
        leaseUntil,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });

  for (let attempt = 0; attempt < 2; attempt++) {
    if ((await claim()).length > 0) return { kind: "new", operationKey: options.requestId, resumed: false };
    const where = and(eq(idempotencyRecords.orgId, options.orgId), eq(idempotencyRecords.key, options.key));
    const [record] = await ctx.db.select().from(idempotencyRecords).where(where);
    if (!record) continue; // Deleted between our insert and select: claim again.
    if (record.expiresAt <= now) {
      // Past its 24 hours the key is free again: the request runs as a new one.
      await ctx.db.delete(idempotencyRecords).where(and(where, lte(idempotencyRecords.expiresAt, now)));
      continue;
    }
    if (record.requestHash !== options.fingerprint) throw idempotencyMismatch();
    if (record.status === "completed" && record.responseStatus !== null && record.responseBody !== null) {
      return { kind: "replay", status: record.responseStatus, body: record.responseBody };
    }
    const heldUntil = record.leaseUntil ?? new Date(record.createdAt.getTime() + IDEMPOTENCY_LEASE_MS);
    if (heldUntil <= now) {
      // Compare-and-set on the lease: of two retries taking over at once, one runs.
      const taken = await ctx.db
        .update(idempotencyRecords)
        .set({ leaseUntil })
        .where(
          and(
            where,
            eq(idempotencyRecords.status, "running"),
            record.leaseUntil
              ? eq(idempotencyRecords.leaseUntil, record.leaseUntil)
              : isNull(idempotencyRecords.leaseUntil),
          ),
        )
        .returning({ key: idempotencyRecords.key });
      if (taken.length > 0)
        return {
          kind: "new",
          operationKey: record.operationKey ?? options.requestId,
          resumed: record.operationKey !== null,
        };
    }
    throw idempotencyConflict(Math.max(1, Math.ceil((heldUntil.getTime() - now.getTime()) / 1000)));
  }
  throw idempotencyConflict(1);
}

/** Extends a running claim: the request that holds it is still working. */
export async function renewIdempotentRequest(
  ctx: DomainContext,
  claim: IdempotencyClaim,
  leaseMs = IDEMPOTENCY_LEASE_MS,
): Promise<void> {
  await ctx.db
    .update(idempotencyRecords)
    .set({ leaseUntil: new Date(ctx.now().getTime() + leaseMs) })
    .where(and(claimed(claim), eq(idempotencyRecords.status, "running")));
}

/** Stores the response, as the exact text sent, that later retries replay. */
export async function completeIdempotentRequest(
  ctx: DomainContext,
  options: IdempotencyClaim & { status: number; body: string },
): Promise<void> {
  await ctx.db
    .update(idempotencyRecords)
    .set({ status: "completed", responseStatus: options.status, responseBody: options.body, leaseUntil: null })
    .where(claimed(options));
}

/**
 * Ends a claim after a server failure: the next retry runs at once, under the same operation
 * key (the record is kept, not deleted: if the failed attempt's debit did commit, the retry's
 * debit replays it instead of billing again).
 */
export async function releaseIdempotentRequest(ctx: DomainContext, claim: IdempotencyClaim): Promise<void> {
  await ctx.db
    .update(idempotencyRecords)
    .set({ leaseUntil: ctx.now() })
    .where(and(claimed(claim), eq(idempotencyRecords.status, "running")));
}

/** The record of a claim, as long as its operation is still this one. */
function claimed(claim: IdempotencyClaim) {
  return and(
    eq(idempotencyRecords.orgId, claim.orgId),
    eq(idempotencyRecords.key, claim.key),
    eq(idempotencyRecords.operationKey, claim.operationKey),
  );
}

/** Deletes records past their 24 hours. */
export async function sweepIdempotencyRecords(ctx: DomainContext): Promise<number> {
  const deleted = await ctx.db
    .delete(idempotencyRecords)
    .where(lte(idempotencyRecords.expiresAt, ctx.now()))
    .returning({ key: idempotencyRecords.key });
  return deleted.length;
}
