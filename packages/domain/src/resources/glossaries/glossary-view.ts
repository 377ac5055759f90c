import { type GlossaryEntryView, type GlossaryView } from "@tolk/contract";
import { type Glossary, type GlossaryEntry, glossaries } from "@tolk/db";
import { sql } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { findOwned, resourceKind } from "../shared/owned-resource";

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

/** Glossaries among the organization's resources: read with their entry counts. */
export const glossaryKind = resourceKind({
  table: glossaries,
  noun: "Glossary",
  limit: "glossaries_max",
  counted: "glossaries",
  audit: { type: "glossary", created: "glossary.created", deleted: "glossary.deleted" },
  select: (db) => db.select({ row: glossaries, entryCount: entryCountColumn }).from(glossaries).$dynamic(),
  view: (found) => toGlossaryView({ ...found.row, entryCount: found.entryCount }),
});

/** The organization's glossary; another organization's answers 404 exactly like a missing one. */
export const findGlossary = (ctx: DomainContext, orgId: string, id: string): Promise<Glossary> =>
  findOwned(ctx, glossaryKind, orgId, id);
