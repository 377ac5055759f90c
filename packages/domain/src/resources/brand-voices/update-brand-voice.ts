import { type BrandVoiceView, type UpdateBrandVoiceRequest } from "@tolk/contract";
import { type BrandVoice } from "@tolk/db";

import { type DomainContext } from "../../context";
import { updateOwned } from "../shared/owned-resource";
import { brandVoiceKind, storedFormality, toBrandVoiceView } from "./brand-voice-view";

/** PATCH /v1/brand-voices/{id}: the fields given replace the stored ones (lists as a whole). */
export async function updateBrandVoice(
  ctx: DomainContext,
  options: { orgId: string; id: string; request: UpdateBrandVoiceRequest },
): Promise<BrandVoiceView> {
  const r = options.request;
  const changes: Partial<BrandVoice> = { updatedAt: ctx.now() };
  if (r.name !== undefined) changes.name = r.name;
  if (r.tone !== undefined) changes.tone = r.tone;
  if (r.formality !== undefined) changes.formality = storedFormality(r.formality);
  if (r.instructions !== undefined) changes.instructions = r.instructions;
  if (r.preferred_terms !== undefined) changes.preferredTerms = r.preferred_terms;
  if (r.forbidden_terms !== undefined) changes.forbiddenTerms = r.forbidden_terms;
  if (r.do_not_translate !== undefined) changes.doNotTranslate = r.do_not_translate;
  return toBrandVoiceView(await updateOwned(ctx, brandVoiceKind, { orgId: options.orgId, id: options.id, changes }));
}
