import { type ApiKey, apiKeys, newId } from "@tolk/db";
import { and, eq, isNull } from "drizzle-orm";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { badRequest, notFound } from "../errors";
import { apiKeyHint, generateApiKey, hashApiKey } from "./api-key-format";
import { apiKeyAuditLabel } from "./audit-label";
import { formatInstant, hasExpired, readExpiry } from "./key-expiry";

/** The longest the old key may keep working beside its replacement. */
export const MAX_ROTATION_OVERLAP_SECONDS = 30 * 24 * 3600;

export interface RotateApiKeyOptions {
  keyId: string;
  orgId: string;
  /** How long the old key keeps working beside the new one: 0 stops it at once. */
  overlapSeconds: number;
  /** The new key's own expiry; absent or null: it never expires. */
  expiresAt?: Date | null;
  createdBy?: string | null;
}

export interface RotatedApiKey {
  key: ApiKey;
  plaintext: string;
  /** The old key and the instant it stops working. */
  replaced: { id: string; hint: string; expiresAt: Date };
}

/**
 * Replaces a key with a new one of the same name and scopes, shown once, and sets the old key
 * to expire after the chosen overlap, so the clients that use it can move over without an
 * outage. An overlap never lengthens the old key's life: an earlier expiry it had stays.
 */
export async function rotateApiKey(ctx: DomainContext, options: RotateApiKeyOptions): Promise<RotatedApiKey> {
  const overlap = options.overlapSeconds;
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > MAX_ROTATION_OVERLAP_SECONDS) {
    throw badRequest(
      `The overlap is a whole number of seconds from 0 to ${MAX_ROTATION_OVERLAP_SECONDS} (30 days).`,
      "overlap_seconds",
    );
  }
  const now = ctx.now();
  const expiresAt = readExpiry(options.expiresAt, now);

  return withTransaction(ctx, async (tx, txCtx) => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, options.keyId), eq(apiKeys.orgId, options.orgId), isNull(apiKeys.revokedAt)))
      .for("update");
    if (!old) throw notFound("API key");
    if (old.replacedBy) throw badRequest("This key was already rotated: rotate its replacement instead.", "key_id");
    if (hasExpired(old.expiresAt, now)) {
      throw badRequest(
        `This key expired on ${formatInstant(old.expiresAt ?? now)}: create a new key instead.`,
        "key_id",
      );
    }

    const overlapEnd = new Date(now.getTime() + overlap * 1000);
    const oldExpiresAt = old.expiresAt && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd;
    const newKeyId = newId("key");
    // The old key leaves the name's unique index (replaced_by set) before the new one takes the name.
    await tx.update(apiKeys).set({ replacedBy: newKeyId, expiresAt: oldExpiresAt }).where(eq(apiKeys.id, old.id));
    const plaintext = generateApiKey();
    const [key] = await tx
      .insert(apiKeys)
      .values({
        id: newKeyId,
        orgId: old.orgId,
        name: old.name,
        keyHash: hashApiKey(plaintext),
        hint: apiKeyHint(plaintext),
        scopes: old.scopes,
        createdBy: options.createdBy ?? null,
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!key) throw new Error("insert returned no row");

    await recordAudit(txCtx, {
      orgId: key.orgId,
      action: "api_key.created",
      target: { type: "api_key", id: key.id, label: apiKeyAuditLabel(key) },
    });
    await recordAudit(txCtx, {
      orgId: old.orgId,
      action: "api_key.rotated",
      target: {
        type: "api_key",
        id: old.id,
        label: `${old.name} (${old.hint}), replaced by ${key.hint}; works until ${formatInstant(oldExpiresAt)}`,
      },
    });
    return { key, plaintext, replaced: { id: old.id, hint: old.hint, expiresAt: oldExpiresAt } };
  });
}
