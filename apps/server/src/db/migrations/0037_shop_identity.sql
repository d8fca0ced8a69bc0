CREATE TABLE "shop_identity" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"shop_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_from_taken_at" timestamp with time zone,
	CONSTRAINT "shop_identity_one_row" CHECK ("shop_identity"."id" = 1)
);
