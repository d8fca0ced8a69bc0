CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_name" text,
	"before" text,
	"after" text,
	"reason" text,
	"ip" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_history" (
	"id" integer PRIMARY KEY NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"orders" bigint NOT NULL,
	"completed" bigint NOT NULL,
	"completed_kopecks" bigint NOT NULL,
	"refunded_kopecks" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "users_joined_idx" ON "users" USING btree ("joined_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_revenue_idx" ON "orders" USING btree ("status","created_at","total_kopecks");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("status","paid_at","amount_kopecks");--> statement-breakpoint
CREATE INDEX "transactions_refund_idx" ON "transactions" USING btree ("order_id","amount_kopecks") WHERE "transactions"."kind" = 'refund';--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE FUNCTION "revenue_history_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	history_cutoff timestamptz;
	touched timestamptz;
BEGIN
	SELECT "cutoff" INTO history_cutoff FROM "revenue_history" WHERE "id" = 1;
	IF history_cutoff IS NULL THEN
		RETURN NULL;
	END IF;
	IF TG_TABLE_NAME = 'orders' THEN
		touched := LEAST(
			CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD."created_at" END,
			CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN NEW."created_at" END);
	ELSIF NEW."kind" = 'refund' AND NEW."order_id" IS NOT NULL THEN
		SELECT "created_at" INTO touched FROM "orders" WHERE "id" = NEW."order_id";
	END IF;
	IF touched < history_cutoff THEN
		DELETE FROM "revenue_history" WHERE "id" = 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_revenue_history" AFTER INSERT OR UPDATE OR DELETE ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "revenue_history_forget"();
--> statement-breakpoint
CREATE TRIGGER "transactions_revenue_history" AFTER INSERT ON "transactions"
	FOR EACH ROW EXECUTE FUNCTION "revenue_history_forget"();
