import { type GlossaryView } from "@tolk/contract";
import { glossaries } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";
import { entryCountColumn, toGlossaryView } from "./glossary-view";

/** GET /v1/glossaries/{id}. */
export async function getGlossary(ctx: DomainContext, options: { orgId: string; id: string }): Promise<GlossaryView> {
  const [found] = await ctx.db
    .select({ row: glossaries, entryCount: entryCountColumn })
    .from(glossaries)
    .where(and(eq(glossaries.id, options.id), eq(glossaries.orgId, options.orgId)));
  if (!found) throw notFound(`Glossary '${options.id}'`);
  return toGlossaryView({ ...found.row, entryCount: found.entryCount });
}
