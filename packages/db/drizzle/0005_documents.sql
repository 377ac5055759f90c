CREATE TABLE "document_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"status" text NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"filename" text NOT NULL,
	"extension" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"resource_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text NOT NULL,
	"input_key" text NOT NULL,
	"input_bytes" integer NOT NULL,
	"result_key" text,
	"segments" integer DEFAULT 0 NOT NULL,
	"characters" integer,
	"credits" integer,
	"quality_score" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"worker_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone,
	CONSTRAINT "document_jobs_status_check" CHECK ("document_jobs"."status" in ('created','processing','completed','error','failed')),
	CONSTRAINT "document_jobs_progress_check" CHECK ("document_jobs"."progress" >= 0 and "document_jobs"."progress" <= 1)
);
--> statement-breakpoint
CREATE TABLE "download_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_jobs" ADD CONSTRAINT "document_jobs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_jobs_queue_idx" ON "document_jobs" USING btree ("run_after") WHERE "document_jobs"."status" = 'created';--> statement-breakpoint
CREATE INDEX "document_jobs_lease_idx" ON "document_jobs" USING btree ("lease_until") WHERE "document_jobs"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "document_jobs_expires_idx" ON "document_jobs" USING btree ("expires_at") WHERE "document_jobs"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "document_jobs_org_created_idx" ON "document_jobs" USING btree ("org_id","created_at");