CREATE TABLE "payment_method_settings" (
	"provider" text NOT NULL,
	"method_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_settings_provider_method_id_pk" PRIMARY KEY("provider","method_id")
);
