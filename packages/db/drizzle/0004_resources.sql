CREATE TABLE "brand_voices" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"tone" text,
	"formality" text DEFAULT 'neutral' NOT NULL,
	"instructions" text,
	"preferred_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"forbidden_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"do_not_translate" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_voices_formality_check" CHECK ("brand_voices"."formality" in ('formal','neutral','informal'))
);
--> statement-breakpoint
CREATE TABLE "glossaries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "glossary_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"glossary_id" text NOT NULL,
	"source_term" text NOT NULL,
	"target_term" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_units" (
	"id" text PRIMARY KEY NOT NULL,
	"memory_id" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('active','archived'))
);
--> statement-breakpoint
CREATE TABLE "translation_memories" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_voices" ADD CONSTRAINT "brand_voices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossaries" ADD CONSTRAINT "glossaries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_entries" ADD CONSTRAINT "glossary_entries_glossary_id_glossaries_id_fk" FOREIGN KEY ("glossary_id") REFERENCES "public"."glossaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_units" ADD CONSTRAINT "memory_units_memory_id_translation_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."translation_memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_memories" ADD CONSTRAINT "translation_memories_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_voices_org_created_idx" ON "brand_voices" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "glossaries_org_created_idx" ON "glossaries" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_entries_glossary_source_key" ON "glossary_entries" USING btree ("glossary_id","source_term");--> statement-breakpoint
CREATE INDEX "glossary_entries_glossary_created_idx" ON "glossary_entries" USING btree ("glossary_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_units_memory_source_key" ON "memory_units" USING btree ("memory_id","source_hash");--> statement-breakpoint
CREATE INDEX "memory_units_memory_created_idx" ON "memory_units" USING btree ("memory_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_org_created_idx" ON "projects" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_org_active_idx" ON "projects" USING btree ("org_id") WHERE "projects"."status" = 'active';--> statement-breakpoint
CREATE INDEX "translation_memories_org_created_idx" ON "translation_memories" USING btree ("org_id","created_at","id");