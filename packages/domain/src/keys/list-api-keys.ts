import { apiKeys, users } from "@tolk/db";
import { and, desc, eq, isNull } from "drizzle-orm";

import { type DomainContext } from "../context";

/** An organization's active keys, newest first, without their hashes; with the creator's e-mail. */
export async function listApiKeys(ctx: DomainContext, options: { orgId: string }) {
  return ctx.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      hint: apiKeys.hint,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      createdByEmail: users.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.orgId, options.orgId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}
