-- Plugin protocol v2 (plugins/oxide/PROTOCOL.md). The plugin signs every request with its server's
-- key: the nonces it used are kept per server until no request with them could pass the timestamp
-- check, in the database so that every shop instance refuses the same replay. A plugin job counts
-- what the live world was given and what the saved world holds (items of a give job, commands of a
-- commands job); all given, it waits in 'given' for the world save. Each server keeps its own item
-- list (modded items included) apart from the shared item table, and the version of its plugin.
CREATE TABLE "plugin_nonces" (
	"server_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plugin_nonces_server_id_nonce_pk" PRIMARY KEY("server_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "server_items" (
	"server_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"shortname" text NOT NULL,
	"name_en" text NOT NULL,
	"category" text NOT NULL,
	"stack_size" integer NOT NULL,
	CONSTRAINT "server_items_server_id_shortname_pk" PRIMARY KEY("server_id","shortname")
);
--> statement-breakpoint
ALTER TABLE "delivery_jobs" DROP CONSTRAINT "delivery_jobs_status";--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "plugin_version" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "plugin_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "given_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "saved_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plugin_nonces" ADD CONSTRAINT "plugin_nonces_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_items" ADD CONSTRAINT "server_items_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_nonces_expiry_idx" ON "plugin_nonces" USING btree ("server_id","expires_at");--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_plugin_amounts" CHECK ("delivery_jobs"."saved_amount" >= 0 and "delivery_jobs"."saved_amount" <= "delivery_jobs"."given_amount");--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_status" CHECK ("delivery_jobs"."status" in ('pending', 'sending', 'given', 'delivered', 'failed', 'cancelled'));--> statement-breakpoint
-- A job's size in the units the plugin counts: items of a give job (stack size × stacks), commands of
-- a commands job. Reports are clamped to it; one definition for every statement that needs it.
CREATE OR REPLACE FUNCTION delivery_job_amount(payload jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payload->>'kind' = 'give'
    THEN (payload->>'stackSize')::int * (payload->>'stacks')::int
    ELSE jsonb_array_length(payload->'commands') END
$$;
--> statement-breakpoint
-- `progress` of a plugin job from its saved units, as the rest of the shop reads progress: whole
-- stacks of a give job, commands of a commands job.
CREATE OR REPLACE FUNCTION delivery_job_progress(payload jsonb, saved integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payload->>'kind' = 'give'
    THEN saved / (payload->>'stackSize')::int
    ELSE saved END
$$;
