ALTER TABLE "request_log" ADD COLUMN "operation_key" text;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "operation_key" text;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "lease_until" timestamp with time zone;