import { type BrandVoiceView, type CreateBrandVoiceRequest } from "@tolk/contract";
import { brandVoices } from "@tolk/db";
import { count, eq } from "drizzle-orm";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createWithinPlanLimit } from "../shared/plan-limit";
import { storedFormality, toBrandVoiceView } from "./brand-voice-view";

/** POST /v1/brand-voices: within the plan's `brandvoice_profiles_max`. */
export async function createBrandVoice(ctx: DomainContext, options: { org: PrincipalOrg; request: CreateBrandVoiceRequest }): Promise<BrandVoiceView> {
  const r = options.request;
  const now = ctx.now();
  return createWithinPlanLimit(ctx, {
    org: options.org,
    limit: "brandvoice_profiles_max",
    audit: (v) => ({ action: "brand_voice.created", target: { type: "brand_voice", id: v.id, label: v.name } }),
    what: "brand voices",
    count: async (tx) => (await tx.select({ n: count() }).from(brandVoices).where(eq(brandVoices.orgId, options.org.id)))[0]?.n ?? 0,
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
