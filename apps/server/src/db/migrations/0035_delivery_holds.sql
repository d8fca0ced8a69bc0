ALTER TABLE "delivery_jobs" ADD COLUMN "hold" text;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "hold_payment_id" text;--> statement-breakpoint
CREATE INDEX "delivery_jobs_held_idx" ON "delivery_jobs" USING btree ("held_at") WHERE "delivery_jobs"."hold" = 'held';--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_hold" CHECK ("delivery_jobs"."hold" in ('held', 'released'));