CREATE TABLE "game_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"shortname" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text,
	"category" text DEFAULT 'miscellaneous' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_items_shortname_unique" UNIQUE("shortname")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"original_name" text,
	"description" text DEFAULT '' NOT NULL,
	"game_item_name" text NOT NULL,
	"game_item_id" integer,
	"category" text NOT NULL,
	"server_id" integer,
	"price_kopecks" bigint NOT NULL,
	"stack_size" integer DEFAULT 1 NOT NULL,
	"image" text,
	"popular" boolean DEFAULT false NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"commands" text,
	"personal_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_kopecks" > 0),
	CONSTRAINT "products_stack_positive" CHECK ("products"."stack_size" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"stacks" integer NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"total_kopecks" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	"total_kopecks" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_delivered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_personal_user_id_users_id_fk" FOREIGN KEY ("personal_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_items_name_en_idx" ON "game_items" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");