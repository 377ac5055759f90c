import { apiKeys, memberships, organizations } from "@tolk/db";
import { and, eq, isNull, sql } from "drizzle-orm";

import { type Scope } from "@tolk/contract";

import { type DomainContext } from "../context";
import { unauthorized } from "../errors";
import { hashApiKey, isWellFormedApiKey } from "../keys/api-key-format";
import { type Principal } from "./principal";

// last_used_at is for people (the console); writing it on every request would double the
// cost of a request, so it is refreshed at most once a minute per key.
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateApiKey(ctx: DomainContext, token: string): Promise<Principal> {
  if (!isWellFormedApiKey(token)) throw unauthorized("Invalid API key.");
  const [row] = await ctx.db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      lastUsedAt: apiKeys.lastUsedAt,
      org: {
        id: organizations.id,
        plan: organizations.plan,
        planOverrides: organizations.planOverrides,
        billingAnchor: organizations.billingAnchor,
      },
      ownerId: sql<string | null>`(select ${memberships.userId} from ${memberships}
        where ${memberships.orgId} = ${organizations.id} and ${memberships.role} = 'owner'
        order by ${memberships.createdAt} limit 1)`,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(token)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) throw unauthorized("Invalid or revoked API key.");

  const now = ctx.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort: a failed bookkeeping write must not fail the caller's request.
    void Promise.resolve(
      ctx.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId)),
    ).catch(() => undefined);
  }
  return {
    source: "api_key",
    // The spec: "the organization owner's id for API key authentication". An organization
    // made by the CLI without users reports the key's creator, then its own id.
    userId: row.ownerId ?? row.createdBy ?? row.org.id,
    org: row.org,
    scopes: row.scopes as Scope[],
    keyId: row.keyId,
  };
}
