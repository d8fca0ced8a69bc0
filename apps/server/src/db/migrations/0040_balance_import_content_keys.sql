CREATE TABLE "balance_import_runs" (
	"file_key" text PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	"credited_kopecks" bigint DEFAULT 0 NOT NULL,
	"actor_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "balance_imports" ADD COLUMN "row_key" text;--> statement-breakpoint
-- Rows imported before: keyed by their content as balance-file.ts's rowKey computes it (Steam ID,
-- amount, note), the note read back from the transfer's ledger row written in the same
-- transaction (same user, amount and time), so a file imported before this release and again
-- after it (reordered, without its header, with `;`) credits nothing more.
WITH "keyed" AS (
	SELECT b."file_hash", b."line", encode(sha256(convert_to(
		u."steam_id" || E'\n' || b."amount_kopecks"::text || E'\n' ||
		regexp_replace(CASE WHEN t."description" LIKE 'Перенос баланса: %'
			THEN substr(t."description", length('Перенос баланса: ') + 1) ELSE '' END, ' {2,}', ' ', 'g'),
		'UTF8')), 'hex') AS "key"
	FROM "balance_imports" b
	JOIN "users" u ON u."id" = b."user_id"
	JOIN "transactions" t ON t."user_id" = b."user_id" AND t."kind" = 'transfer'
		AND t."amount_kopecks" = b."amount_kopecks" AND t."created_at" = b."imported_at"
), "firsts" AS (
	-- The same balance credited twice before (the bug this release fixes) keys its first row only.
	SELECT DISTINCT ON ("key") "file_hash", "line", "key" FROM "keyed"
	ORDER BY "key", "file_hash", "line"
)
UPDATE "balance_imports" b SET "row_key" = f."key" FROM "firsts" f
WHERE b."file_hash" = f."file_hash" AND b."line" = f."line";--> statement-breakpoint
-- A row whose ledger row cannot be found keeps a key of its own file and line, as before.
UPDATE "balance_imports" SET "row_key" = 'file:' || "file_hash" || ':' || "line"
WHERE "row_key" IS NULL;--> statement-breakpoint
ALTER TABLE "balance_imports" DROP CONSTRAINT "balance_imports_file_hash_line_pk";--> statement-breakpoint
ALTER TABLE "balance_imports" ALTER COLUMN "row_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_imports" ADD PRIMARY KEY ("row_key");
