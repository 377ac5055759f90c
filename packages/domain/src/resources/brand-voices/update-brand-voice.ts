import { type BrandVoiceView, type UpdateBrandVoiceRequest } from "@tolk/contract";
import { type BrandVoice, brandVoices } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";
import { storedFormality, toBrandVoiceView } from "./brand-voice-view";

/** PATCH /v1/brand-voices/{id}: the fields given replace the stored ones (lists as a whole). */
export async function updateBrandVoice(ctx: DomainContext, options: { orgId: string; id: string; request: UpdateBrandVoiceRequest }): Promise<BrandVoiceView> {
  const r = options.request;
  const changes: Partial<BrandVoice> = { updatedAt: ctx.now() };
  if (r.name !== undefined) changes.name = r.name;
  if (r.tone !== undefined) changes.tone = r.tone;
  if (r.formality !== undefined) changes.formality = storedFormality(r.formality);
  if (r.instructions !== undefined) changes.instructions = r.instructions;
  if (r.preferred_terms !== undefined) changes.preferredTerms = r.preferred_terms;
  if (r.forbidden_terms !== undefined) changes.forbiddenTerms = r.forbidden_terms;
  if (r.do_not_translate !== undefined) changes.doNotTranslate = r.do_not_translate;
  const [row] = await ctx.db
    .update(brandVoices)
    .set(changes)
    .where(and(eq(brandVoices.id, options.id), eq(brandVoices.orgId, options.orgId)))
    .returning();
  if (!row) throw notFound(`Brand voice '${options.id}'`);
  return toBrandVoiceView(row);
}
