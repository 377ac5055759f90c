import { type BrandVoiceView, type Formality, formalities } from "@tolk/contract";
import { type BrandVoice, brandVoices } from "@tolk/db";

import { type DomainContext } from "../../context";
import { findOwned, resourceKind } from "../shared/owned-resource";

type StoredFormality = BrandVoice["formality"];
export const storedFormality = (f: Formality): StoredFormality => f.toLowerCase() as StoredFormality;
export const displayFormality = (f: StoredFormality): Formality =>
  formalities.find((x) => x.toLowerCase() === f) ?? "Neutral";

export const toBrandVoiceView = (row: BrandVoice): BrandVoiceView => ({
  id: row.id,
  name: row.name,
  tone: row.tone,
  formality: displayFormality(row.formality),
  instructions: row.instructions,
  preferred_terms: row.preferredTerms,
  forbidden_terms: row.forbiddenTerms,
  do_not_translate: row.doNotTranslate,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Brand voices among the organization's resources. */
export const brandVoiceKind = resourceKind({
  table: brandVoices,
  noun: "Brand voice",
  limit: "brandvoice_profiles_max",
  counted: "brand voices",
  audit: { type: "brand_voice", created: "brand_voice.created", deleted: "brand_voice.deleted" },
  select: (db) => db.select().from(brandVoices).$dynamic(),
  view: (row) => toBrandVoiceView(row),
});

/** The organization's brand voice; another organization's answers 404 exactly like a missing one. */
export const findBrandVoice = (ctx: DomainContext, orgId: string, id: string): Promise<BrandVoice> =>
  findOwned(ctx, brandVoiceKind, orgId, id);
