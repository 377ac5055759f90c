import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

import { createdAt, tstz } from "./columns";
import { organizations } from "./organizations";

export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // SHA-256 of method, path and body: the same key with another request is refused.
    requestHash: text("request_hash").notNull(),
    status: text("status", { enum: ["running", "completed"] }).notNull(),
    responseStatus: integer("response_status"),
    // The exact JSON text that was sent: jsonb would reorder keys, and a replay must be
    // byte-identical.
    responseBody: text("response_body"),
    // The request id the work is billed under (the debit's operation key): the first attempt's,
    // kept when a retry takes over a released or expired claim, so a key is never billed twice.
    operationKey: text("operation_key"),
    // A running claim is the running request's until then (renewed while it runs); afterwards a
    // retry with the same key takes it over. Null on records written before leases existed.
    leaseUntil: tstz("lease_until"),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.key] }),
    check("idempotency_records_status_check", sql`${t.status} in ('running','completed')`),
    // The sweeper deletes expired records.
    index("idempotency_records_expires_idx").on(t.expiresAt),
  ],
);

export type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;
