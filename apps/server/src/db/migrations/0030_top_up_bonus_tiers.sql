ALTER TABLE "payments" ADD COLUMN "bonus_tier_from" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "first_bonus_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "first_bonus_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promo_percent" integer;