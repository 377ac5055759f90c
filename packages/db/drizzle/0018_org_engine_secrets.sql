CREATE TABLE "org_engine_secrets" (
	"org_id" text NOT NULL,
	"engine" text NOT NULL,
	"sealed_key" text NOT NULL,
	"key_hint" text NOT NULL,
	"server_url" text,
	"preferred" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_engine_secrets_org_id_engine_pk" PRIMARY KEY("org_id","engine"),
	CONSTRAINT "org_engine_secrets_engine_check" CHECK ("org_engine_secrets"."engine" in ('deepl'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "own_engines_version" integer;--> statement-breakpoint
ALTER TABLE "org_engine_secrets" ADD CONSTRAINT "org_engine_secrets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;