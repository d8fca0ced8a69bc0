-- What the one-statement purchase costs PostgreSQL (docs/decisions/0019). Same rules, same owners as
-- migration 0010; less work per call:
-- - LANGUAGE sql functions that a PL/pgSQL function calls are parsed and planned again on every
--   call (PostgreSQL 15); PL/pgSQL keeps its plans for the session. They were half the statement.
-- - The Idempotency-Key is written once, with its reply, at the end, instead of claimed first and
--   updated at the end. A repeat of a stored key finds it taken there and rolls back (SH002); the
--   caller then takes the full path, which replays the stored reply. Repeats are a client's
--   retries: rare, so they pay for the common purchase's one write.
-- - orders_buy_one returns one row through OUT parameters instead of RETURN QUERY.
-- - The revenue-history triggers fire only for the rows that can change the kept totals.
-- - The buyer's totals for a purchase for their favourite server take a plain update.

CREATE OR REPLACE FUNCTION "sessions_live_user"(p_token_hash text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT user_id FROM sessions
          WHERE token_hash = p_token_hash AND revoked_at IS NULL AND expires_at > now());
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION "delivery_enqueue"(
  p_order_id uuid, p_order_item_id integer, p_user_id integer, p_server_id integer,
  p_steam_id text, p_method text, p_payload jsonb
) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  INSERT INTO delivery_jobs (order_id, order_item_id, user_id, server_id, steam_id, method, payload)
  VALUES (p_order_id, p_order_item_id, p_user_id, p_server_id, p_steam_id, p_method, p_payload)
  RETURNING id INTO v_id;
  RETURN v_id;
END
$$;
--> statement-breakpoint

-- A purchase for the buyer's favourite server (the common case) keeps it without planning the count.
CREATE OR REPLACE FUNCTION "users_record_purchase"(p_user_id integer, p_server_id integer, p_total bigint)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET
    total_spent_kopecks = total_spent_kopecks + p_total,
    purchases_count = purchases_count + 1
  WHERE id = p_user_id AND favorite_server_id = p_server_id;
  IF NOT FOUND THEN
    UPDATE users SET
      total_spent_kopecks = total_spent_kopecks + p_total,
      purchases_count = purchases_count + 1,
      favorite_server_id = (SELECT server_id FROM orders WHERE user_id = p_user_id
                            GROUP BY server_id ORDER BY count(*) DESC, max(created_at) DESC LIMIT 1)
    WHERE id = p_user_id;
  END IF;
END
$$;
--> statement-breakpoint

-- idempotency: stores a key with its reply in one write; false when the key is taken (a request
-- with the same key committed first: this one rolls back and replays that one's reply).
CREATE FUNCTION "idempotency_store"(
  p_user_id integer, p_key text, p_request_hash text, p_status_code smallint, p_reply_body jsonb
) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, reply_body)
  VALUES (p_user_id, p_key, p_request_hash, p_status_code, p_reply_body)
  ON CONFLICT DO NOTHING;
  RETURN FOUND;
END
$$;
--> statement-breakpoint

DROP FUNCTION "orders_buy_one";
--> statement-breakpoint
DROP FUNCTION "idempotency_claim";
--> statement-breakpoint
DROP FUNCTION "idempotency_complete";
--> statement-breakpoint

-- orders: one product bought with the shop's cached view of session, product and server, checked
-- here against the rows themselves. Outcomes: 'done' (body is the reply), 'signed-out', 'stale'
-- (the cached product or server differs: nothing was written, the caller takes the full path),
-- and, when the balance does not cover it but the key is stored, 'replayed' (the stored reply) or
-- 'mismatch' (the key was used for another request). Insufficient funds raise SQLSTATE SH001.
-- SH002: the key is stored already (a repeat, or a request with the same key that committed while
-- this one ran); everything rolls back and the caller takes the full path, which replays it.
CREATE FUNCTION "orders_buy_one"(
  p_token_hash text, p_user_id integer, p_key text, p_request_hash text,
  p_product_id integer, p_product_version timestamptz,
  p_server_id integer, p_server_mode smallint, p_server_name text,
  p_order_id uuid, p_quantity integer, p_stacks integer, p_price bigint, p_total bigint,
  p_item_name text, p_item_image text, p_description text,
  p_steam_id text, p_method text, p_payload jsonb, p_reply jsonb,
  OUT outcome text, OUT status_code integer, OUT body jsonb
)
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_item integer;
  v_hash text;
BEGIN
  IF sessions_live_user(p_token_hash) IS DISTINCT FROM p_user_id THEN
    outcome := 'signed-out';
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM products WHERE id = p_product_id AND is_active AND in_stock
                   AND date_trunc('milliseconds', updated_at) = p_product_version)
     OR NOT EXISTS (SELECT 1 FROM servers WHERE id = p_server_id
                      AND is_plugin_enabled = p_server_mode AND name = p_server_name
                      AND coalesce(status_override, link_status) = 'online') THEN
    outcome := 'stale';
    RETURN;
  END IF;
  v_balance := ledger_post(p_user_id, -p_total, 'purchase', p_description, 'Баланс', NULL,
                           p_order_id);
  IF v_balance IS NULL THEN
    -- A repeat of a purchase the balance no longer covers (or one that waited for the buyer's row
    -- while the first request with its key committed) gets that request's reply.
    IF p_key IS NOT NULL THEN
      SELECT k.request_hash, k.status_code, k.reply_body INTO v_hash, status_code, body
      FROM idempotency_keys k WHERE k.user_id = p_user_id AND k.key = p_key;
    END IF;
    IF v_hash IS NULL THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'SH001';
    ELSIF v_hash <> p_request_hash THEN
      outcome := 'mismatch';
      status_code := NULL;
      body := NULL;
    ELSE
      outcome := 'replayed';
      status_code := coalesce(status_code, 200);
    END IF;
    RETURN;
  END IF;

  INSERT INTO orders (id, user_id, server_id, total_kopecks)
  VALUES (p_order_id, p_user_id, p_server_id, p_total);
  INSERT INTO order_items (order_id, product_id, name, image, quantity, stacks, price_kopecks,
                           total_kopecks)
  VALUES (p_order_id, p_product_id, p_item_name, p_item_image, p_quantity, p_stacks, p_price, p_total)
  RETURNING id INTO v_item;
  PERFORM delivery_enqueue(p_order_id, v_item, p_user_id, p_server_id, p_steam_id, p_method,
                           p_payload);
  PERFORM users_record_purchase(p_user_id, p_server_id, p_total);
  body := p_reply || jsonb_build_object('balance', round(v_balance / 100.0, 2));
  IF p_key IS NOT NULL
     AND NOT idempotency_store(p_user_id, p_key, p_request_hash, 200::smallint, body) THEN
    RAISE EXCEPTION 'idempotency key stored already' USING ERRCODE = 'SH002';
  END IF;
  outcome := 'done';
  status_code := 200;
END
$$;
--> statement-breakpoint

-- Only a row dated before the kept history's cutoff (a UTC midnight 32 days back) can change it:
-- a new order is dated now, and of ledger rows only a refund of an order counts.
DROP TRIGGER "orders_revenue_history" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_revenue_history" AFTER UPDATE OR DELETE ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "revenue_history_forget"();
--> statement-breakpoint
CREATE TRIGGER "orders_revenue_history_insert" AFTER INSERT ON "orders"
	FOR EACH ROW WHEN (NEW."created_at" < now() - interval '31 days')
	EXECUTE FUNCTION "revenue_history_forget"();
--> statement-breakpoint
DROP TRIGGER "transactions_revenue_history" ON "transactions";
--> statement-breakpoint
CREATE TRIGGER "transactions_revenue_history" AFTER INSERT ON "transactions"
	FOR EACH ROW WHEN (NEW."kind" = 'refund' AND NEW."order_id" IS NOT NULL)
	EXECUTE FUNCTION "revenue_history_forget"();
