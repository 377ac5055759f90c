import { createHash } from "node:crypto";

import { idempotencyRecords } from "@tolk/db";
import { and, eq, lte } from "drizzle-orm";

import { type DomainContext } from "../context";
import { badRequest, idempotencyConflict, idempotencyMismatch } from "../errors";

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
// A "running" record older than this was left by a process that died mid-request.
const ABANDONED_AFTER_MS = 10 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyStart = { kind: "new" } | { kind: "replay"; status: number; body: string };

export function requestFingerprint(method: string, path: string, body: Uint8Array): string {
  return createHash("sha256").update(`${method} ${path}\n`).update(body).digest("hex");
}

/**
 * Claims an Idempotency-Key for an organization. The first request runs; a retry with the same
 * body gets the stored response; another body gets 422; a retry while the first still runs, 409.
 */
export async function beginIdempotentRequest(ctx: DomainContext, options: { orgId: string; key: string; fingerprint: string }): Promise<IdempotencyStart> {
  if (!KEY_PATTERN.test(options.key)) {
    throw badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters.", "Idempotency-Key");
  }
  const now = ctx.now();
  const claim = () =>
    ctx.db
      .insert(idempotencyRecords)
      .values({
        orgId: options.orgId,
        key: options.key,
        requestHash: options.fingerprint,
        status: "running",
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });

  for (let attempt = 0; attempt < 2; attempt++) {
    if ((await claim()).length > 0) return { kind: "new" };
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
    if (now.getTime() - record.createdAt.getTime() > ABANDONED_AFTER_MS) {
      const taken = await ctx.db
        .update(idempotencyRecords)
        .set({ createdAt: now })
        .where(and(where, eq(idempotencyRecords.createdAt, record.createdAt), eq(idempotencyRecords.status, "running")))
        .returning({ key: idempotencyRecords.key });
      if (taken.length > 0) return { kind: "new" };
    }
    throw idempotencyConflict();
  }
  throw idempotencyConflict();
}

/** Stores the response, as the exact text sent, that later retries replay. */
export async function completeIdempotentRequest(ctx: DomainContext, options: { orgId: string; key: string; status: number; body: string }): Promise<void> {
  await ctx.db
    .update(idempotencyRecords)
    .set({ status: "completed", responseStatus: options.status, responseBody: options.body })
    .where(and(eq(idempotencyRecords.orgId, options.orgId), eq(idempotencyRecords.key, options.key)));
}

/** Frees the key after a server failure, so a retry runs again (a failed request is not billed). */
export async function abandonIdempotentRequest(ctx: DomainContext, options: { orgId: string; key: string }): Promise<void> {
  await ctx.db
    .delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.orgId, options.orgId), eq(idempotencyRecords.key, options.key), eq(idempotencyRecords.status, "running")));
}

/** Deletes records past their 24 hours. */
export async function sweepIdempotencyRecords(ctx: DomainContext): Promise<number> {
  const deleted = await ctx.db.delete(idempotencyRecords).where(lte(idempotencyRecords.expiresAt, ctx.now())).returning({ key: idempotencyRecords.key });
  return deleted.length;
}
