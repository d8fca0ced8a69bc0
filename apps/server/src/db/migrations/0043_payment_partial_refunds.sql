CREATE TABLE "payment_partial_refunds" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"refunded_kopecks" bigint NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	CONSTRAINT "payment_partial_refunds_positive" CHECK ("payment_partial_refunds"."refunded_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_partial_refunds" ADD CONSTRAINT "payment_partial_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_partial_refunds" ADD CONSTRAINT "payment_partial_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_partial_refunds" ADD CONSTRAINT "payment_partial_refunds_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_partial_refunds_open_idx" ON "payment_partial_refunds" USING btree ("updated_at") WHERE settled_at is null;