import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";

import { createdAt, idColumn, tstz } from "./columns";
import { organizations } from "./organizations";

export const jobStatuses = ["created", "processing", "completed", "error", "failed"] as const;
export type JobStatus = (typeof jobStatuses)[number];

export interface DocumentResourceRefs {
  glossary_ids?: string[];
  tm_id?: string;
  brand_voice_id?: string;
  /** The request's choice about the built-in localization terms; absent: by the document's format. */
  localization_terms?: boolean;
  /** The request's `min_quality`: a document scoring below it is completed with a warning. */
  min_quality?: number;
}

/** A segment to review first (its quality_score is among the document's lowest). */
export interface LowQualitySegmentRow {
  segment_id: string;
  position: number;
  quality_score: number;
  source_excerpt: string;
  quality_reasons: string[];
}

/**
 * One document translation, and the durable queue that runs it. A worker owns a
 * `processing` job while `lease_until` is in the future and renews it as it goes; a job whose
 * lease ran out (its worker crashed) is claimed again, or ends `failed` after `max_attempts`.
 */
export const documentJobs = pgTable(
  "document_jobs",
  {
    id: idColumn("job"),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    status: text("status", { enum: jobStatuses }).notNull(),
    progress: doublePrecision("progress").notNull().default(0),
    error: text("error"),
    /** The upload's name, sanitized; only ever metadata (objects are stored under the job id). */
    filename: text("filename").notNull(),
    extension: text("extension").notNull(),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    /** The glossaries, memory and brand voice the request named, applied when the job runs. */
    resourceRefs: jsonb("resource_refs").$type<DocumentResourceRefs>().notNull().default({}),
    /** The request's `force_target_lang`: a file declaring another target language is translated anyway. */
    forceTargetLang: boolean("force_target_lang").notNull().default(false),
    /** The request that created the job (its usage events carry the job id). */
    requestId: text("request_id").notNull(),
    inputKey: text("input_key").notNull(),
    inputBytes: integer("input_bytes").notNull(),
    resultKey: text("result_key"),
    segments: integer("segments").notNull().default(0),
    characters: integer("characters"),
    credits: integer("credits"),
    qualityScore: integer("quality_score"),
    /** The segments with the lowest quality_score, lowest first (at most 10), set on completion. */
    lowestSegments: jsonb("lowest_segments").$type<LowQualitySegmentRow[]>().notNull().default([]),
    /** What the user should know about how the file was read (e.g. an XLIFF read as a template). */
    warnings: jsonb("warnings").$type<string[]>().notNull().default([]),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    /** A retried job waits until then (backoff). */
    runAfter: tstz("run_after").notNull().defaultNow(),
    leaseUntil: tstz("lease_until"),
    workerId: text("worker_id"),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
    /** Input and result are deleted from storage after this (retention). */
    expiresAt: tstz("expires_at").notNull(),
    purgedAt: tstz("purged_at"),
  },
  (t) => [
    check("document_jobs_status_check", sql`${t.status} in ('created','processing','completed','error','failed')`),
    check("document_jobs_progress_check", sql`${t.progress} >= 0 and ${t.progress} <= 1`),
    // Workers claim the oldest due job waiting in the queue.
    index("document_jobs_queue_idx")
      .on(t.runAfter)
      .where(sql`${t.status} = 'created'`),
    // Workers take over jobs whose worker stopped renewing its lease.
    index("document_jobs_lease_idx")
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'processing'`),
    // The retention sweep finds jobs whose files are due for deletion.
    index("document_jobs_expires_idx")
      .on(t.expiresAt)
      .where(sql`${t.purgedAt} is null`),
    // GET /v1/translate/{job_id} reads one job of one organization; the console lists an org's jobs.
    index("document_jobs_org_created_idx").on(t.orgId, t.createdAt),
  ],
);

export type DocumentJob = typeof documentJobs.$inferSelect;

/**
 * Keys of the HMAC-signed download links, shared by every instance through the database. The
 * newest signs; the others still verify until their links expire (rotation).
 */
export const downloadSigningKeys = pgTable("download_signing_keys", {
  kid: text("kid").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});
