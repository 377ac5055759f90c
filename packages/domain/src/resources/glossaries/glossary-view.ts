import { type GlossaryEntryView, type GlossaryView } from "@tolk/contract";
import { type Glossary, type GlossaryEntry, glossaries } from "@tolk/db";
import { and, eq, sql } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";

/**
 * Entries of the glossary row being selected (a correlated count). Written out in full: inside
 * a select list drizzle renders columns without their table, which would bind the outer id to
 * the subquery's own table.
 */
export const entryCountColumn = sql<number>`(select count(*) from glossary_entries e where e.glossary_id = "glossaries"."id")::int`;

export const toGlossaryView = (row: Glossary & { entryCount: number }): GlossaryView => ({
  id: row.id,
  name: row.name,
  source_lang: row.sourceLang,
  target_lang: row.targetLang,
  entry_count: row.entryCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const toEntryView = (row: GlossaryEntry): GlossaryEntryView => ({
  id: row.id,
  source: row.sourceTerm,
  target: row.targetTerm,
  created_at: row.createdAt.toISOString(),
});

/** The organization's glossary; another organization's answers 404 exactly like a missing one. */
export async function findGlossary(ctx: DomainContext, orgId: string, id: string): Promise<Glossary> {
  const [row] = await ctx.db
    .select()
    .from(glossaries)
    .where(and(eq(glossaries.id, id), eq(glossaries.orgId, orgId)));
  if (!row) throw notFound(`Glossary '${id}'`);
  return row;
}
