import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, idColumn, tstz } from "./columns";
import { organizations, users } from "./organizations";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: idColumn("key"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // SHA-256 (hex) of the whole key; the key itself is never stored.
    keyHash: text("key_hash").notNull(),
    hint: text("hint").notNull(),
    scopes: text("scopes").array().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: tstz("last_used_at"),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    // Every authenticated /v1 request looks its key up by hash.
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    // The console lists an organization's keys.
    index("api_keys_org_id_idx").on(t.orgId),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
