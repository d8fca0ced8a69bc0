CREATE TABLE "cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_product" UNIQUE("user_id","product_id"),
	CONSTRAINT "cart_items_quantity" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"order_item_id" integer,
	"user_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	"steam_id" text NOT NULL,
	"method" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"in_flight" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "delivery_jobs_status" CHECK ("delivery_jobs"."status" in ('pending', 'sending', 'delivered', 'failed', 'cancelled')),
	CONSTRAINT "delivery_jobs_method" CHECK ("delivery_jobs"."method" in ('rcon', 'plugin'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vip_server_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vip_revoke_commands" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vip_tier" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vip_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "revoke_commands" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_jobs_due_idx" ON "delivery_jobs" USING btree ("method","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "delivery_jobs_plugin_idx" ON "delivery_jobs" USING btree ("server_id","steam_id","status");--> statement-breakpoint
CREATE INDEX "delivery_jobs_order_idx" ON "delivery_jobs" USING btree ("order_id");