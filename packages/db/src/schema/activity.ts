import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt, idColumn, tstz } from "./columns";
import { organizations } from "./organizations";

/**
 * A request's parameters as the log keeps them: texts cut to a short excerpt, secrets replaced,
 * the whole bounded (request-summary.ts in domain makes it).
 */
export type RequestSummary = Record<string, unknown>;

/**
 * One row per /v1 (and compatibility API) request of an organization, and per translation or
 * document the console submits, with a bounded summary of the parameters. Written in batches
 * off the request's path; pruned after TOLK_REQUEST_LOG_DAYS.
 */
export const requestLog = pgTable(
  "request_log",
  {
    id: idColumn("requestLog"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull(),
    // The operation the request ran under when it is not its own id: a retry with an
    // Idempotency-Key runs (and is billed) under its first attempt's request id.
    operationKey: text("operation_key"),
    // No foreign key: a batched write must not wait on the keys' locks. Keys are revoked, never
    // deleted, so the console still finds the key's name and hint.
    apiKeyId: text("api_key_id"),
    // Which door: the APIs (/v1, /v2, LibreTranslate) or the console's tRPC.
    source: text("source", { enum: ["api", "console"] })
      .notNull()
      .default("api"),
    // The member who made it: the console's user, or a session token's. No foreign key, as for
    // the key: a removed user's rows stay (their e-mail is then unknown).
    userId: text("user_id"),
    method: text("method").notNull(),
    route: text("route").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    requestSummary: jsonb("request_summary").$type<RequestSummary>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The console lists (and a date range bounds) an organization's requests newest first.
    index("request_log_org_created_idx").on(t.orgId, t.createdAt),
    // Search by request id.
    index("request_log_org_request_idx").on(t.orgId, t.requestId),
    // The retention sweep deletes by age across organizations.
    index("request_log_created_idx").on(t.createdAt),
  ],
);

/** Who changed what in an organization: written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: idColumn("audit"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    actorType: text("actor_type", { enum: ["user", "api_key", "cli"] }).notNull(),
    actorId: text("actor_id"),
    // What the actor was called at the time (e-mail, key hint), kept if it is later removed.
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_org_created_idx").on(t.orgId, t.createdAt)],
);

/** An organization's low-credit alert: the threshold, and where its webhook goes. */
export const orgAlerts = pgTable("org_alerts", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  // Percent of the period's credits used at which the alert fires; null = off.
  thresholdPercent: integer("threshold_percent"),
  webhookUrl: text("webhook_url"),
  // The HMAC-SHA256 key of the webhook's signature, shown to the admin.
  webhookSecret: text("webhook_secret").notNull(),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/**
 * The webhook outbox and its delivery log: one row per event, delivered by the worker with
 * retries. The unique index makes a period's `credits.low` a single event, however many
 * requests cross the threshold at once.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: idColumn("webhookDelivery"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    // The billing period a `credits.low` belongs to; null for test events.
    periodStart: tstz("period_start"),
    url: text("url").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    lastAttemptAt: tstz("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_org_event_period_key").on(t.orgId, t.event, t.periodStart),
    // The console's delivery log.
    index("webhook_deliveries_org_created_idx").on(t.orgId, t.createdAt),
    // The worker picks due deliveries.
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

export type RequestLogRow = typeof requestLog.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
