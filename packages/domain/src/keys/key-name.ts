import { apiKeys } from "@tolk/db";
import { and, eq, isNull, sql } from "drizzle-orm";

import { type DomainContext } from "../context";
import { TolkError, badRequest } from "../errors";
import { formatInstant, hasExpired } from "./key-expiry";

const MAX_NAME_LENGTH = 100;
/** The partial unique index on (org_id, lower(name)) over live keys (packages/db/src/schema/api-keys.ts). */
const NAME_INDEX = "api_keys_org_name_key";

/** A key's name as stored: trimmed, 1 to 100 characters. */
export function readKeyName(raw: string): string {
  const name = raw.trim();
  if (!name || name.length > MAX_NAME_LENGTH)
    throw badRequest(`A key name of 1 to ${MAX_NAME_LENGTH} characters is required.`, "name");
  return name;
}

/**
 * Whether a write failed on the name's unique index. The index, not a check before the write,
 * is what keeps two concurrent requests from both taking a name; drizzle wraps the driver's
 * error, whose constraint field is `constraint` on PGlite and `constraint_name` on postgres-js.
 */
export function isKeyNameConflict(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (e.code === "23505") return e.constraint === NAME_INDEX || e.constraint_name === NAME_INDEX;
    current = current.cause;
  }
  return false;
}

/** The 409 for a name another live key of the organization has, saying how to free it when that key is expired. */
export async function keyNameTaken(ctx: DomainContext, orgId: string, name: string): Promise<TolkError> {
  const [holder] = await ctx.db
    .select({ name: apiKeys.name, hint: apiKeys.hint, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.orgId, orgId),
        sql`lower(${apiKeys.name}) = lower(${name})`,
        isNull(apiKeys.revokedAt),
        isNull(apiKeys.replacedBy),
      ),
    );
  const which = holder ? `“${holder.name}” (${holder.hint})` : `“${name}”`;
  const expiredAt = holder?.expiresAt && hasExpired(holder.expiresAt, ctx.now()) ? holder.expiresAt : null;
  const message = expiredAt
    ? `The key ${which} has this name; it expired on ${formatInstant(expiredAt)}. Revoke it to reuse the name, or choose another.`
    : `Another key is already named ${which}. Key names tell keys apart: choose another name.`;
  return new TolkError(409, "already_exists", "invalid_request_error", message, { param: "name" });
}
