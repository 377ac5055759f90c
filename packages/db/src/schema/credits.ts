import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, idColumn, tstz } from "./columns";
import { organizations } from "./organizations";

/**
 * Credit lots: the monthly allowance of one billing period, or a purchased top-up.
 * `remaining` is a cached balance; the ledger below is the truth it must always sum to.
 */
export const creditLots = pgTable(
  "credit_lots",
  {
    id: idColumn("lot"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["allowance", "top_up"] }).notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    // Allowance lots only: the billing period they belong to.
    periodStart: tstz("period_start"),
    periodEnd: tstz("period_end"),
    createdAt: createdAt(),
  },
  (t) => [
    check("credit_lots_remaining_check", sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
    check("credit_lots_amount_check", sql`${t.amount} >= 0`),
    check("credit_lots_kind_check", sql`${t.kind} in ('allowance','top_up')`),
    // One allowance lot per organization and period, created by whoever needs it first.
    uniqueIndex("credit_lots_allowance_period_key")
      .on(t.orgId, t.periodStart)
      .where(sql`${t.kind} = 'allowance'`),
    // Debits walk an organization's lots: allowance first, then top-ups oldest first.
    index("credit_lots_org_spend_idx").on(t.orgId, t.kind, t.createdAt),
  ],
);

/** One row per billed operation: makes a debit idempotent per (organization, operation key). */
export const creditDebits = pgTable(
  "credit_debits",
  {
    id: idColumn("debit"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    operationKey: text("operation_key").notNull(),
    amount: integer("amount").notNull(),
    refunded: integer("refunded").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_debits_operation_key").on(t.orgId, t.operationKey),
    check("credit_debits_refund_check", sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);

/** Append-only: grants and top-ups are positive, debits negative, refunds positive again. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: idColumn("ledger"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    lotId: text("lot_id")
      .notNull()
      .references(() => creditLots.id, { onDelete: "cascade" }),
    debitId: text("debit_id").references(() => creditDebits.id, { onDelete: "cascade" }),
    entryType: text("entry_type", { enum: ["grant", "top_up", "debit", "refund"] }).notNull(),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("credit_ledger_entry_type_check", sql`${t.entryType} in ('grant','top_up','debit','refund')`),
    // Consumed-in-period sums and audits read an organization's entries by time.
    index("credit_ledger_org_created_idx").on(t.orgId, t.createdAt),
    // Refunds find the lots a debit drew from.
    index("credit_ledger_debit_idx").on(t.debitId),
  ],
);

export type CreditLot = typeof creditLots.$inferSelect;
export type CreditLedgerEntry = typeof creditLedger.$inferSelect;
