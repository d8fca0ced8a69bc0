ALTER TABLE "payments" ADD COLUMN "provider" text DEFAULT 'freekassa' NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_provider_id_idx" ON "payments" USING btree ("provider","provider_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('freekassa', 'yookassa', 'cryptopay'));--> statement-breakpoint
-- FreeKassa's card page was stored as method 'kassa'; methods are now each provider's method ids.
UPDATE "payments" SET "method" = 'card' WHERE "provider" = 'freekassa' AND "method" = 'kassa';
