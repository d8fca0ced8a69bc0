CREATE TABLE "vip_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"tier" text NOT NULL,
	"server_id" integer,
	"state" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"remaining_ms" bigint,
	"ends_by" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"first_started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"days" integer DEFAULT 0 NOT NULL,
	"order_id" uuid,
	"order_item_id" integer,
	"grant_payload" jsonb,
	"grant_commands" text NOT NULL,
	"revoke_commands" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_periods_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "vip_periods_state" CHECK ("vip_periods"."state" in ('waiting', 'running', 'ended')),
	CONSTRAINT "vip_periods_running_has_end" CHECK ("vip_periods"."state" <> 'running' or ("vip_periods"."started_at" is not null and "vip_periods"."ends_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_periods" ADD CONSTRAINT "vip_periods_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_periods_user_idx" ON "vip_periods" USING btree ("user_id","state","position");--> statement-breakpoint
CREATE INDEX "vip_periods_due_idx" ON "vip_periods" USING btree ("state","ends_at");--> statement-breakpoint
CREATE INDEX "vip_periods_order_idx" ON "vip_periods" USING btree ("order_id");