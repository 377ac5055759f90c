ALTER TABLE "request_log" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "request_summary" jsonb;