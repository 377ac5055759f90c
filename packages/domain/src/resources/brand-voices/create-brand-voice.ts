import { type BrandVoiceView, type CreateBrandVoiceRequest } from "@tolk/contract";
import { brandVoices } from "@tolk/db";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createOwned } from "../shared/owned-resource";
import { brandVoiceKind, storedFormality, toBrandVoiceView } from "./brand-voice-view";

/** POST /v1/brand-voices: within the plan's `brandvoice_profiles_max`. */
export async function createBrandVoice(
  ctx: DomainContext,
  options: { org: PrincipalOrg; request: CreateBrandVoiceRequest },
): Promise<BrandVoiceView> {
  const r = options.request;
  const now = ctx.now();
  return createOwned(ctx, brandVoiceKind, {
    org: options.org,
    insert: async (tx) => {
      const [row] = await tx
        .insert(brandVoices)
        .values({
          orgId: options.org.id,
          name: r.name,
          tone: r.tone ?? null,
          formality: storedFormality(r.formality ?? "Neutral"),
          instructions: r.instructions ?? null,
          preferredTerms: r.preferred_terms ?? [],
          forbiddenTerms: r.forbidden_terms ?? [],
          doNotTranslate: r.do_not_translate ?? [],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("brand voice insert returned no row");
      return toBrandVoiceView(row);
    },
  });
}
