CREATE TABLE "site_images" (
	"name" text PRIMARY KEY NOT NULL,
	"slot" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"overrides" jsonb NOT NULL,
	"summary" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_versions_positive" CHECK ("site_versions"."version" > 0)
);
