import { usageEvents } from "@tolk/db";
import { and, eq, gte, lt, sql } from "drizzle-orm";

import { DAY_MS, type Usage, type UsageQuery } from "@tolk/contract";

import { type DomainContext } from "../context";
import { badRequest } from "../errors";

const MAX_RANGE_DAYS = 366;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The whole UTC days `from`..`to` (inclusive) a usage query covers; defaults and limits of GET /v1/usage. */
export function resolveUsageRange(ctx: DomainContext, options: { from?: string; to?: string }) {
  const to = options.to ?? isoDay(ctx.now());
  const from = options.from ?? isoDay(new Date(startOfDay(to).getTime() - 30 * DAY_MS));
  if (from > to) throw badRequest(`'from' (${from}) must not be after 'to' (${to}).`, "from");
  if ((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS > MAX_RANGE_DAYS) {
    throw badRequest(`The range may span at most ${MAX_RANGE_DAYS} days.`, "from");
  }
  return { from, to, start: startOfDay(from), end: new Date(startOfDay(to).getTime() + DAY_MS) };
}

/** GET /v1/usage: characters and translations per target language over whole UTC days. */
export async function getUsage(ctx: DomainContext, options: { orgId: string } & UsageQuery): Promise<Usage> {
  const { from, to, start, end } = resolveUsageRange(ctx, options);
  const rows = await ctx.db
    .select({
      target_lang: usageEvents.targetLang,
      characters: sql<string>`sum(${usageEvents.characters})`,
      documents: sql<string>`count(*)`,
    })
    .from(usageEvents)
    .where(and(eq(usageEvents.orgId, options.orgId), gte(usageEvents.createdAt, start), lt(usageEvents.createdAt, end)))
    .groupBy(usageEvents.targetLang);
  const byLanguage = rows
    .map((r) => ({ target_lang: r.target_lang, characters: Number(r.characters), documents: Number(r.documents) }))
    .sort((a, b) => b.characters - a.characters || a.target_lang.localeCompare(b.target_lang));
  return {
    from,
    to,
    total_characters: byLanguage.reduce((s, r) => s + r.characters, 0),
    total_documents: byLanguage.reduce((s, r) => s + r.documents, 0),
    by_language: byLanguage,
  };
}
