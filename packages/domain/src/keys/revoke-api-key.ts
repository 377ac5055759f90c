import { apiKeys } from "@tolk/db";
import { and, eq, isNull } from "drizzle-orm";

import { type DomainContext } from "../context";
import { notFound } from "../errors";

/**
 * Revokes a key. Every request looks its key up in the database (no cache), so the key stops
 * working on its very next request, on every instance. `orgId` confines the console to its own.
 */
export async function revokeApiKey(ctx: DomainContext, options: { keyId: string; orgId?: string }): Promise<void> {
  const conditions = [eq(apiKeys.id, options.keyId), isNull(apiKeys.revokedAt)];
  if (options.orgId) conditions.push(eq(apiKeys.orgId, options.orgId));
  const revoked = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: ctx.now() })
    .where(and(...conditions))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound("API key");
}
