import { usageEvents } from "@tolk/db";

import { type DomainContext } from "../context";

export interface UsageRecord {
  orgId: string;
  requestId: string;
  kind: "text" | "batch" | "document";
  sourceLang: string;
  targetLang: string;
  characters: number;
  credits: number;
}

/** One event per target language of a translation; call it in the debit's transaction. */
export async function recordUsage(ctx: DomainContext, records: readonly UsageRecord[]): Promise<void> {
  if (records.length === 0) return;
  const createdAt = ctx.now();
  await ctx.db.insert(usageEvents).values(records.map((r) => ({ ...r, createdAt })));
}
