import { apiKeys, users } from "@tolk/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { type DomainContext } from "../context";
import { hasExpired } from "./key-expiry";

const successor = alias(apiKeys, "successor");

/**
 * An organization's keys that are not revoked, newest first, without their hashes; with the
 * creator's e-mail, whether each has expired (by the context's clock) and, for a rotated key,
 * the hint of the key that replaced it.
 */
export async function listApiKeys(ctx: DomainContext, options: { orgId: string }) {
  const rows = await ctx.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      hint: apiKeys.hint,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      createdByEmail: users.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      replacedBy: apiKeys.replacedBy,
      replacedByHint: successor.hint,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(successor, eq(successor.id, apiKeys.replacedBy))
    .where(and(eq(apiKeys.orgId, options.orgId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = ctx.now();
  return rows.map((row) => ({ ...row, expired: hasExpired(row.expiresAt, now) }));
}
