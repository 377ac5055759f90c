import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, idColumn, tstz } from "./columns";
import { organizations, users } from "./organizations";

/** An invitation to join an organization, accepted through a link that carries its token. */
export const invitations = pgTable(
  "invitations",
  {
    id: idColumn("invitation"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    // SHA-256 (hex) of the link's token; the token itself is shown once, in the link.
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
    acceptedAt: tstz("accepted_at"),
  },
  (t) => [
    // Opening an invitation link looks the invitation up by its token's hash.
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    // The members page lists an organization's pending invitations.
    index("invitations_org_id_idx").on(t.orgId),
  ],
);

/**
 * Secrets the service makes for itself once and every instance shares (the console's session
 * cookie key when AUTH_SECRET is not set), so a fresh install needs no configuration.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export type Invitation = typeof invitations.$inferSelect;
