ALTER TABLE "telegram_link_codes" ADD COLUMN "session_hash" text;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD COLUMN "telegram_id" text;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD COLUMN "telegram_username" text;