import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, idColumn, tstz } from "./columns";

/** Per-organization values that replace the plan's (enterprise contracts). Every field optional. */
export interface PlanOverrides {
  monthly_credits?: number;
  max_text_chars?: number;
  translate_per_min?: number;
  segment_per_min?: number;
  analyze_per_min?: number;
  api_per_min?: number;
  translation_memories_max?: number;
  glossaries_max?: number;
  brandvoice_profiles_max?: number;
  projects_max?: number;
}

export const organizations = pgTable(
  "organizations",
  {
    id: idColumn("org"),
    name: text("name").notNull(),
    plan: text("plan", { enum: ["free", "starter", "professional", "enterprise"] })
      .notNull()
      .default("free"),
    planOverrides: jsonb("plan_overrides").$type<PlanOverrides>().notNull().default({}),
    // Monthly billing periods start on this instant's day of month (clamped to short months).
    billingAnchor: tstz("billing_anchor").notNull().defaultNow(),
    idpOrgId: text("idp_org_id"),
    // The source language of a text too short or mixed to detect ("OK"): a language code, or
    // "none" (refuse with a 400); null takes the deployment's TOLK_DEFAULT_SOURCE_LANG.
    defaultSourceLang: text("default_source_lang"),
    // The built-in localization terminology where it applies by default (docs/translation.md);
    // false: only when a request asks for it.
    localizationTerms: boolean("localization_terms").notNull().default(true),
    // null: the organization has no engine of its own (its DeepL key). Raised by every change of
    // org_engine_secrets, and read with the principal on every request, so each instance sees a
    // changed key at once and rebuilds its engine (packages/domain/src/translation/org-engines.ts).
    ownEnginesVersion: integer("own_engines_version"),
    createdAt: createdAt(),
  },
  (t) => [
    // Session tokens name their organization by our id or by the identity provider's id.
    uniqueIndex("organizations_idp_org_id_key").on(t.idpOrgId),
    check("organizations_plan_check", sql`${t.plan} in ('free','starter','professional','enterprise')`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: idColumn("user"),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash"),
    idpSubject: text("idp_subject"),
    // Console sessions carry the value they were issued with; bumping it (sign-out, password or
    // role change, removal) ends every session of the user on every instance at once.
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Sign-in by e-mail; stored lower-cased so the index is case-insensitive in effect.
    uniqueIndex("users_email_key").on(t.email),
    // Session tokens from an external IdP carry its subject, mapped to our user here.
    uniqueIndex("users_idp_subject_key").on(t.idpSubject),
  ],
);

export const memberships = pgTable(
  "memberships",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    // "Which organizations does this user belong to" (console org switcher, token checks).
    index("memberships_user_id_idx").on(t.userId),
    check("memberships_role_check", sql`${t.role} in ('owner','admin','member')`),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type User = typeof users.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Role = Membership["role"];

/**
 * An organization's own DeepL API key, sealed with AES-256-GCM under a key derived from the
 * operator's TOLK_SECRETS_KEY (never stored in plain text, never returned: `keyHint` is what the
 * console shows). One row per organization and engine.
 */
export const orgEngineSecrets = pgTable(
  "org_engine_secrets",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    engine: text("engine", { enum: ["deepl"] }).notNull(),
    sealedKey: text("sealed_key").notNull(),
    // The key's end ("…abcd:fx"): enough to recognise it, useless to call DeepL with.
    keyHint: text("key_hint").notNull(),
    // null: the server a key of its kind belongs to (DeepL Free for ":fx" keys, else Pro).
    serverUrl: text("server_url"),
    // true: this engine also takes the pairs the deployment's engines serve.
    preferred: boolean("preferred").notNull().default(false),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.engine] }),
    check("org_engine_secrets_engine_check", sql`${t.engine} in ('deepl')`),
  ],
);

export type OrgEngineSecret = typeof orgEngineSecrets.$inferSelect;
