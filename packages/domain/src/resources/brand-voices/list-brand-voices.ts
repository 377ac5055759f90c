import { type BrandVoiceView, type ListQuery, type Page } from "@tolk/contract";
import { brandVoices } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOf } from "../shared/pagination";
import { toBrandVoiceView } from "./brand-voice-view";

/** GET /v1/brand-voices. */
export async function listBrandVoices(ctx: DomainContext, options: { orgId: string; query: ListQuery }): Promise<Page<BrandVoiceView>> {
  const page = await pageOf(ctx, brandVoices, {
    scope: eq(brandVoices.orgId, options.orgId),
    limit: options.query.limit,
    startingAfter: options.query.starting_after,
    fetch: (where, take) => ctx.db.select().from(brandVoices).where(where).orderBy(asc(brandVoices.createdAt), asc(brandVoices.id)).limit(take),
  });
  return { ...page, items: page.items.map(toBrandVoiceView) };
}
