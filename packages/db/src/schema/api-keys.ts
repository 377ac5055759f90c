import { sql } from "drizzle-orm";
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
    // Written at most once a minute per key (authenticate-api-key.ts), for people, not billing.
    lastUsedAt: tstz("last_used_at"),
    // From this instant on the key is refused (401, "expired"); null: it never expires.
    expiresAt: tstz("expires_at"),
    // Set when the key was rotated: the id of the key that took over its name and scopes. The
    // old key keeps working until its expires_at (the overlap the admin chose). No foreign key:
    // rotation marks the old key before it inserts the new one (the name's unique index needs
    // that order), and keys are never deleted one by one.
    replacedBy: text("replaced_by"),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    // Every authenticated /v1 request looks its key up by hash.
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    // The console lists an organization's keys.
    index("api_keys_org_id_idx").on(t.orgId),
    // Names tell keys apart (in the revoke dialog, the request log, usage per key): one live
    // key per name and organization, whatever the case. A key being replaced by rotation
    // shares its successor's name during the overlap.
    uniqueIndex("api_keys_org_name_key")
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`${t.revokedAt} is null and ${t.replacedBy} is null`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
