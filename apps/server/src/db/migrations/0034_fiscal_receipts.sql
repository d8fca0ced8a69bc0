CREATE TABLE "receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid,
	"transaction_id" integer,
	"amount_kopecks" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_receipt_id" text,
	"request_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_amount_positive" CHECK ("receipts"."amount_kopecks" > 0),
	CONSTRAINT "receipts_kind" CHECK ("receipts"."kind" in ('advance', 'settlement', 'refund', 'advance_refund')),
	CONSTRAINT "receipts_state" CHECK ("receipts"."state" in ('queued', 'registering', 'succeeded', 'failed', 'by_yookassa', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_transaction_once" ON "receipts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "receipts_due_idx" ON "receipts" USING btree ("next_attempt_at") WHERE "receipts"."state" in ('queued', 'registering');--> statement-breakpoint
CREATE INDEX "receipts_payment_idx" ON "receipts" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id","kind");