CREATE TABLE "audit_checkpoint" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"entry_id" integer NOT NULL,
	"hash" text NOT NULL,
	"entries" integer NOT NULL,
	"mac" text NOT NULL,
	"verified_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "audit_checkpoint_one_row" CHECK ("audit_checkpoint"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "scheme" smallint DEFAULT 1 NOT NULL;