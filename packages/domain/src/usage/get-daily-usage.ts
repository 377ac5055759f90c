import { apiKeys, usageEvents } from "@tolk/db";
import { and, eq, gte, lt, sql } from "drizzle-orm";

import { type DomainContext } from "../context";
import { resolveUsageRange } from "./get-usage";

/**
 * Characters and credits per UTC day, target language and API key over a range (the console's
 * charts and CSV). `keyId` null is usage without a key: session tokens, the console, documents.
 * The range follows GET /v1/usage's rules.
 */
export async function getDailyUsage(ctx: DomainContext, options: { orgId: string; from?: string; to?: string }) {
  const range = resolveUsageRange(ctx, options);
  const day = sql<string>`to_char(${usageEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      day,
      targetLang: usageEvents.targetLang,
      keyId: usageEvents.apiKeyId,
      keyName: apiKeys.name,
      keyHint: apiKeys.hint,
      characters: sql<string>`sum(${usageEvents.characters})`,
      credits: sql<string>`sum(${usageEvents.credits})`,
      translations: sql<string>`count(*)`,
    })
    .from(usageEvents)
    .leftJoin(apiKeys, eq(apiKeys.id, usageEvents.apiKeyId))
    .where(
      and(
        eq(usageEvents.orgId, options.orgId),
        gte(usageEvents.createdAt, range.start),
        lt(usageEvents.createdAt, range.end),
      ),
    )
    .groupBy(day, usageEvents.targetLang, usageEvents.apiKeyId, apiKeys.name, apiKeys.hint)
    .orderBy(day, usageEvents.targetLang, usageEvents.apiKeyId);
  return {
    from: range.from,
    to: range.to,
    rows: rows.map((r) => ({
      day: r.day,
      targetLang: r.targetLang,
      keyId: r.keyId,
      keyName: r.keyName,
      keyHint: r.keyHint,
      characters: Number(r.characters),
      credits: Number(r.credits),
      translations: Number(r.translations),
    })),
  };
}
