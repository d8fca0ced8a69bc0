CREATE TABLE "server_wipes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_wipes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"wiped_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"map" text,
	"seed" integer,
	"world_size" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_wipes_source" CHECK ("server_wipes"."source" in ('detected', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "wipe_revocations" (
	"order_item_id" integer PRIMARY KEY NOT NULL,
	"wipe_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"percent" smallint NOT NULL,
	"target_kind" text NOT NULL,
	"category" text,
	"product_ids" integer[],
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"after_wipe_hours" integer,
	"server_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_percent" CHECK ("sales"."percent" between 1 and 90),
	CONSTRAINT "sales_target" CHECK (("sales"."target_kind" = 'all' and "sales"."category" is null and "sales"."product_ids" is null)
        or ("sales"."target_kind" = 'category' and "sales"."category" is not null and "sales"."product_ids" is null)
        or ("sales"."target_kind" = 'products' and "sales"."category" is null and cardinality("sales"."product_ids") > 0)),
	CONSTRAINT "sales_when" CHECK (("sales"."starts_at" is not null and "sales"."ends_at" > "sales"."starts_at"
          and "sales"."after_wipe_hours" is null and "sales"."server_id" is null)
        or ("sales"."starts_at" is null and "sales"."ends_at" is null
          and "sales"."after_wipe_hours" between 1 and 720 and "sales"."server_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "wipe_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "wipe_block_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "until_wipe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "until_wipe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "server_wipes" ADD CONSTRAINT "server_wipes_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wipe_revocations" ADD CONSTRAINT "wipe_revocations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wipe_revocations" ADD CONSTRAINT "wipe_revocations_wipe_id_server_wipes_id_fk" FOREIGN KEY ("wipe_id") REFERENCES "public"."server_wipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_wipes_server_time_idx" ON "server_wipes" USING btree ("server_id","wiped_at");--> statement-breakpoint
CREATE INDEX "wipe_revocations_wipe_idx" ON "wipe_revocations" USING btree ("wipe_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_wipe_block_hours" CHECK ("products"."wipe_block_hours" between 0 and 720);