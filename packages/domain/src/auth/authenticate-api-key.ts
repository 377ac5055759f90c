import { apiKeys, memberships, organizations } from "@tolk/db";
import { and, eq, isNull, sql } from "drizzle-orm";

import { type Scope } from "@tolk/contract";

import { type DomainContext } from "../context";
import { unauthorized } from "../errors";
import { hashApiKey, isWellFormedApiKey } from "../keys/api-key-format";
import { apiKeyExpired, hasExpired } from "../keys/key-expiry";
import { LAST_USED_RESOLUTION_MS, recordApiKeyUse } from "../keys/record-api-key-use";
import { type PrincipalCache } from "./principal-cache";
import { type Principal, principalOrgColumns } from "./principal";

// The hot path of every request: built once per database and executed as a prepared query,
// which skips drizzle's query building (measured in docs/benchmarks.md).
const lookups = new WeakMap<object, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: DomainContext["db"]) {
  return db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      org: principalOrgColumns,
      ownerId: sql<string | null>`(select ${memberships.userId} from ${memberships}
        where ${memberships.orgId} = ${organizations.id} and ${memberships.role} = 'owner'
        order by ${memberships.createdAt} limit 1)`,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare("tolk_authenticate_api_key");
}

export async function authenticateApiKey(
  ctx: DomainContext,
  token: string,
  cache: PrincipalCache | null = null,
): Promise<Principal> {
  if (!isWellFormedApiKey(token)) throw unauthorized("Invalid API key.");
  const hash = hashApiKey(token);
  const now = ctx.now();
  const cached = cache?.get(hash);
  if (cached) {
    // An expiry is a fact about the key, not a change: the cache holds it and checks it on every hit.
    if (cached.expiresAt !== null && hasExpired(new Date(cached.expiresAt), now))
      throw apiKeyExpired(new Date(cached.expiresAt));
    if (now.getTime() - cached.lastUsedWrittenAt >= LAST_USED_RESOLUTION_MS) {
      cached.lastUsedWrittenAt = now.getTime();
      touchLastUsed(ctx, cached.principal.keyId ?? "", now);
    }
    return cached.principal;
  }

  const generation = cache?.generation() ?? 0;
  let lookup = lookups.get(ctx.db);
  if (!lookup) {
    lookup = prepareLookup(ctx.db);
    lookups.set(ctx.db, lookup);
  }
  const [row] = await lookup.execute({ hash });
  if (!row) throw unauthorized("Invalid or revoked API key.");
  if (row.expiresAt && hasExpired(row.expiresAt, now)) throw apiKeyExpired(row.expiresAt);

  let lastUsedWrittenAt = row.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsedWrittenAt >= LAST_USED_RESOLUTION_MS) {
    lastUsedWrittenAt = now.getTime();
    touchLastUsed(ctx, row.keyId, now);
  }
  const principal: Principal = {
    source: "api_key",
    // The spec: "the organization owner's id for API key authentication". An organization
    // made by the CLI without users reports the key's creator, then its own id.
    userId: row.ownerId ?? row.createdBy ?? row.org.id,
    org: row.org,
    scopes: row.scopes as Scope[],
    keyId: row.keyId,
  };
  cache?.set(hash, { principal, lastUsedWrittenAt, expiresAt: row.expiresAt?.getTime() ?? null }, generation);
  return principal;
}

/** Best effort, not awaited: a failed bookkeeping write must neither fail nor delay the caller's request. */
function touchLastUsed(ctx: DomainContext, keyId: string, now: Date): void {
  void recordApiKeyUse(ctx, keyId, now).catch(() => undefined);
}
