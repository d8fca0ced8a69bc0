ALTER TABLE "receipts" DROP CONSTRAINT "receipts_amount_positive";--> statement-breakpoint
CREATE INDEX "transactions_paid_idx" ON "transactions" USING btree ("created_at") WHERE "transactions"."paid_kopecks" <> 0;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_amount_not_negative" CHECK ("receipts"."amount_kopecks" >= 0);