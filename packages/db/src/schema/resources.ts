import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, idColumn, tstz } from "./columns";
import { organizations } from "./organizations";

/**
 * Glossaries, translation memories, brand voices and projects: an organization's translation
 * resources. Lists page by (created_at, id), so every table has that index per organization.
 */

export const glossaries = pgTable(
  "glossaries",
  {
    id: idColumn("glossary"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Listing an organization's glossaries, oldest first, and counting them for the plan limit.
    index("glossaries_org_created_idx").on(t.orgId, t.createdAt, t.id),
  ],
);

export const glossaryEntries = pgTable(
  "glossary_entries",
  {
    id: idColumn("glossaryEntry"),
    glossaryId: text("glossary_id")
      .notNull()
      .references(() => glossaries.id, { onDelete: "cascade" }),
    sourceTerm: text("source_term").notNull(),
    targetTerm: text("target_term").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One target per source term in a glossary (adding it again replaces the target); also
    // serves listing a glossary's entries and loading them for a translation.
    uniqueIndex("glossary_entries_glossary_source_key").on(t.glossaryId, t.sourceTerm),
    // Paging through a glossary's entries in the order they were added.
    index("glossary_entries_glossary_created_idx").on(t.glossaryId, t.createdAt, t.id),
  ],
);

export const translationMemories = pgTable(
  "translation_memories",
  {
    id: idColumn("memory"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    // Bumped by every change to the units: in-process match indexes rebuild when it moves.
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Listing an organization's memories and counting them for the plan limit.
    index("translation_memories_org_created_idx").on(t.orgId, t.createdAt, t.id),
  ],
);

export const memoryUnits = pgTable(
  "memory_units",
  {
    id: idColumn("memoryUnit"),
    memoryId: text("memory_id")
      .notNull()
      .references(() => translationMemories.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    target: text("target").notNull(),
    // md5 of the source: a unique key that fits a btree whatever the text's length.
    sourceHash: text("source_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One unit per source text in a memory (adding it again replaces the target).
    uniqueIndex("memory_units_memory_source_key").on(t.memoryId, t.sourceHash),
    // Paging through a memory's units; loading them all to build the match index.
    index("memory_units_memory_created_idx").on(t.memoryId, t.createdAt, t.id),
  ],
);

/** A preferred term: wherever `source` occurs, the translation uses `target`. */
export interface PreferredTerm {
  source: string;
  target: string;
}

/** A term that must never appear in a translation, with an optional replacement. */
export interface ForbiddenTerm {
  term: string;
  replacement?: string;
}

export const brandVoices = pgTable(
  "brand_voices",
  {
    id: idColumn("brandVoice"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tone: text("tone"),
    formality: text("formality", { enum: ["formal", "neutral", "informal"] })
      .notNull()
      .default("neutral"),
    instructions: text("instructions"),
    preferredTerms: jsonb("preferred_terms").$type<PreferredTerm[]>().notNull().default([]),
    forbiddenTerms: jsonb("forbidden_terms").$type<ForbiddenTerm[]>().notNull().default([]),
    doNotTranslate: jsonb("do_not_translate").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("brand_voices_formality_check", sql`${t.formality} in ('formal','neutral','informal')`),
    // Listing an organization's brand voices and counting them for the plan limit.
    index("brand_voices_org_created_idx").on(t.orgId, t.createdAt, t.id),
  ],
);

export const projects = pgTable(
  "projects",
  {
    id: idColumn("project"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    archivedAt: tstz("archived_at"),
  },
  (t) => [
    check("projects_status_check", sql`${t.status} in ('active','archived')`),
    // Listing an organization's projects.
    index("projects_org_created_idx").on(t.orgId, t.createdAt, t.id),
    // Counting active projects for the plan limit.
    index("projects_org_active_idx")
      .on(t.orgId)
      .where(sql`${t.status} = 'active'`),
  ],
);

export type Glossary = typeof glossaries.$inferSelect;
export type GlossaryEntry = typeof glossaryEntries.$inferSelect;
export type TranslationMemory = typeof translationMemories.$inferSelect;
export type MemoryUnit = typeof memoryUnits.$inferSelect;
export type BrandVoice = typeof brandVoices.$inferSelect;
export type Project = typeof projects.$inferSelect;
