import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

import { createdAt, tstz } from "./columns";

/**
 * Keys the service signs its own session tokens with (the embedded default for console
 * sessions). Kept in the database so every instance signs and verifies with the same set.
 */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: tstz("retired_at"),
});

export type SigningKey = typeof signingKeys.$inferSelect;
