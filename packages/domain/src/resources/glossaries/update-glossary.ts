import { type GlossaryView, type UpdateGlossaryRequest } from "@tolk/contract";
import { glossaries } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";
import { getGlossary } from "./get-glossary";

/** PATCH /v1/glossaries/{id}: the name. Languages are fixed (the entries are written in them). */
export async function updateGlossary(ctx: DomainContext, options: { orgId: string; id: string; request: UpdateGlossaryRequest }): Promise<GlossaryView> {
  const updated = await ctx.db
    .update(glossaries)
    .set({ name: options.request.name, updatedAt: ctx.now() })
    .where(and(eq(glossaries.id, options.id), eq(glossaries.orgId, options.orgId)))
    .returning({ id: glossaries.id });
  if (updated.length === 0) throw notFound(`Glossary '${options.id}'`);
  return getGlossary(ctx, options);
}
