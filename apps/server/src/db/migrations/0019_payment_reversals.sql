-- Payment reversals: a credited top-up taken back (refund or chargeback) is recorded once per payment,
-- and its ledger entry may leave the balance below zero, but never further than everything reversed
-- (users.reversed_kopecks). Purchases still never overdraw: ledger_post refuses any debit the balance
-- does not cover, and a negative balance covers none.
CREATE TABLE "payment_reversals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_reversals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reversals_once" UNIQUE("payment_id"),
	CONSTRAINT "payment_reversals_source" CHECK ("payment_reversals"."source" in ('provider', 'admin')),
	CONSTRAINT "payment_reversals_amount_positive" CHECK ("payment_reversals"."amount_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_balance_not_negative";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reversed_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reversals_user_idx" ON "payment_reversals" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_balance_within_reversals" CHECK ("users"."balance_kopecks" + "users"."reversed_kopecks" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reversed_not_negative" CHECK ("users"."reversed_kopecks" >= 0);