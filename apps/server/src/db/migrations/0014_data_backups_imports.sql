-- Data that outlives the machine. `backups` records every backup taken (by the leader's schedule or
-- `npm run backup`), so the admin overview can show the newest one's age whichever machine holds the
-- file. `balance_imports` keys every credited row of a balance file brought from another shop by the
-- file's hash and line: the same file imported twice credits once.
CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"taken_at" timestamp with time zone NOT NULL,
	"host" text NOT NULL,
	"file" text NOT NULL,
	"bytes" bigint NOT NULL,
	"schema_version" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "backups_trigger" CHECK ("backups"."trigger" in ('schedule', 'command'))
);
--> statement-breakpoint
CREATE TABLE "balance_imports" (
	"file_hash" text NOT NULL,
	"line" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_imports_file_hash_line_pk" PRIMARY KEY("file_hash","line"),
	CONSTRAINT "balance_imports_amount_positive" CHECK ("balance_imports"."amount_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "balance_imports" ADD CONSTRAINT "balance_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_taken_idx" ON "backups" USING btree ("taken_at");
