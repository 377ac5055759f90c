import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

import { createdAt, idColumn } from "./columns";
import { organizations } from "./organizations";

/** One row per translation into one target language (a batch into 3 languages writes 3). */
export const usageEvents = pgTable(
  "usage_events",
  {
    id: idColumn("usage"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull(),
    kind: text("kind", { enum: ["text", "batch", "document"] }).notNull(),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    characters: integer("characters").notNull(),
    credits: integer("credits").notNull(),
    // The API key that made the request; null for session tokens, the console and documents.
    apiKeyId: text("api_key_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /v1/usage aggregates an organization's events over a date range.
    index("usage_events_org_created_idx").on(t.orgId, t.createdAt),
    // The request log shows the credits each request spent.
    index("usage_events_request_id_idx").on(t.requestId),
  ],
);

export type UsageEvent = typeof usageEvents.$inferSelect;
