import { type BrandVoiceView, type Formality, formalities } from "@tolk/contract";
import { type BrandVoice, brandVoices } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";

type StoredFormality = BrandVoice["formality"];
export const storedFormality = (f: Formality): StoredFormality => f.toLowerCase() as StoredFormality;
export const displayFormality = (f: StoredFormality): Formality => formalities.find((x) => x.toLowerCase() === f) ?? "Neutral";

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

/** The organization's brand voice; another organization's answers 404 exactly like a missing one. */
export async function findBrandVoice(ctx: DomainContext, orgId: string, id: string): Promise<BrandVoice> {
  const [row] = await ctx.db
    .select()
    .from(brandVoices)
    .where(and(eq(brandVoices.id, id), eq(brandVoices.orgId, orgId)));
  if (!row) throw notFound(`Brand voice '${id}'`);
  return row;
}
