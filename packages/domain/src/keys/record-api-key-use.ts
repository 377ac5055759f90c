import { apiKeys } from "@tolk/db";
import { and, eq, isNull, lte, or } from "drizzle-orm";

import { type DomainContext } from "../context";

/**
 * last_used_at is for people (the console's "Last used"): minute resolution is enough, and
 * writing it on every request would double a request's database work.
 */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Records that a key was used at `now`, unless it was recorded less than a minute before: one
 * conditional UPDATE, so instances that all see a stale value still write it once. True when
 * it wrote.
 */
export async function recordApiKeyUse(ctx: DomainContext, keyId: string, now: Date): Promise<boolean> {
  const written = await ctx.db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
      ),
    )
    .returning({ id: apiKeys.id });
  return written.length > 0;
}
