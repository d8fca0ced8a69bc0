-- A purchase of one product in one statement (docs/decisions/0015). Each function writes only the
-- tables of the module named in its prefix; orders_buy_one composes them in one transaction.

-- auth: the user of a live session, or null (signed out, revoked or expired).
CREATE FUNCTION "sessions_live_user"(p_token_hash text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT user_id FROM sessions
  WHERE token_hash = p_token_hash AND revoked_at IS NULL AND expires_at > now()
$$;
--> statement-breakpoint

-- ledger: a conditional balance change and its ledger row. A debit the balance does not cover
-- changes nothing and returns null; otherwise the new balance.
CREATE FUNCTION "ledger_post"(
  p_user_id integer, p_amount bigint, p_kind text, p_description text, p_method text,
  p_payment_id uuid, p_order_id uuid
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
BEGIN
  IF p_amount = 0 THEN
    RAISE EXCEPTION 'a ledger entry moves a non-zero number of kopecks';
  END IF;
  UPDATE users SET balance_kopecks = balance_kopecks + p_amount
  WHERE id = p_user_id AND (p_amount > 0 OR balance_kopecks >= -p_amount)
  RETURNING balance_kopecks INTO v_balance;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO transactions (user_id, kind, amount_kopecks, description, method, payment_id, order_id)
  VALUES (p_user_id, p_kind, p_amount, p_description, p_method, p_payment_id, p_order_id);
  RETURN v_balance;
END
$$;
--> statement-breakpoint

-- delivery: one job for the queue.
CREATE FUNCTION "delivery_enqueue"(
  p_order_id uuid, p_order_item_id integer, p_user_id integer, p_server_id integer,
  p_steam_id text, p_method text, p_payload jsonb
) RETURNS uuid
LANGUAGE sql AS $$
  INSERT INTO delivery_jobs (order_id, order_item_id, user_id, server_id, steam_id, method, payload)
  VALUES (p_order_id, p_order_item_id, p_user_id, p_server_id, p_steam_id, p_method, p_payload)
  RETURNING id
$$;
--> statement-breakpoint

-- users: the buyer's totals and favourite server (the one bought for most, the latest on a tie)
-- after a purchase for p_server_id. A purchase for the favourite keeps it, without a count.
CREATE FUNCTION "users_record_purchase"(p_user_id integer, p_server_id integer, p_total bigint)
RETURNS void
LANGUAGE sql AS $$
  UPDATE users SET
    total_spent_kopecks = total_spent_kopecks + p_total,
    purchases_count = purchases_count + 1,
    favorite_server_id = CASE WHEN favorite_server_id = p_server_id THEN p_server_id
      ELSE (SELECT server_id FROM orders WHERE user_id = p_user_id
            GROUP BY server_id ORDER BY count(*) DESC, max(created_at) DESC LIMIT 1) END
  WHERE id = p_user_id
$$;
--> statement-breakpoint

-- idempotency: claims a key; waits for a transaction holding the same key uncommitted.
CREATE FUNCTION "idempotency_claim"(p_user_id integer, p_key text, p_request_hash text)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO idempotency_keys (user_id, key, request_hash)
  VALUES (p_user_id, p_key, p_request_hash)
  ON CONFLICT DO NOTHING;
  RETURN FOUND;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "idempotency_complete"(
  p_user_id integer, p_key text, p_status_code smallint, p_reply_body jsonb
) RETURNS void
LANGUAGE sql AS $$
  UPDATE idempotency_keys SET status_code = p_status_code, reply_body = p_reply_body
  WHERE user_id = p_user_id AND key = p_key
$$;
--> statement-breakpoint

-- orders: one product bought with the shop's cached view of session, product and server, checked
-- here against the rows themselves. Outcomes: 'done' (body is the reply), 'replayed' (the stored
-- reply of the same key), 'mismatch' (the key was used for another request), 'signed-out', and
-- 'stale' (the cached product or server differs: nothing was written, the caller takes the full
-- path). Insufficient funds raise SQLSTATE SH001, so everything including the key rolls back.
CREATE FUNCTION "orders_buy_one"(
  p_token_hash text, p_user_id integer, p_key text, p_request_hash text,
  p_product_id integer, p_product_version timestamptz,
  p_server_id integer, p_server_mode smallint, p_server_name text,
  p_order_id uuid, p_quantity integer, p_stacks integer, p_price bigint, p_total bigint,
  p_item_name text, p_item_image text, p_description text,
  p_steam_id text, p_method text, p_payload jsonb, p_reply jsonb
) RETURNS TABLE (outcome text, status_code integer, body jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_item integer;
  v_stored record;
  v_reply jsonb;
BEGIN
  IF sessions_live_user(p_token_hash) IS DISTINCT FROM p_user_id THEN
    RETURN QUERY SELECT 'signed-out'::text, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM products WHERE id = p_product_id AND is_active AND in_stock
                   AND date_trunc('milliseconds', updated_at) = p_product_version)
     OR NOT EXISTS (SELECT 1 FROM servers WHERE id = p_server_id
                      AND is_plugin_enabled = p_server_mode AND name = p_server_name
                      AND coalesce(status_override, link_status) = 'online') THEN
    RETURN QUERY SELECT 'stale'::text, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF p_key IS NOT NULL AND NOT idempotency_claim(p_user_id, p_key, p_request_hash) THEN
    SELECT k.request_hash, k.status_code, k.reply_body INTO v_stored
    FROM idempotency_keys k WHERE k.user_id = p_user_id AND k.key = p_key;
    IF NOT FOUND OR v_stored.request_hash <> p_request_hash THEN
      RETURN QUERY SELECT 'mismatch'::text, NULL::integer, NULL::jsonb;
    ELSE
      RETURN QUERY SELECT 'replayed'::text, coalesce(v_stored.status_code::integer, 200),
        v_stored.reply_body;
    END IF;
    RETURN;
  END IF;

  v_balance := ledger_post(p_user_id, -p_total, 'purchase', p_description, 'Баланс', NULL, p_order_id);
  IF v_balance IS NULL THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'SH001';
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
  v_reply := p_reply || jsonb_build_object('balance', round(v_balance / 100.0, 2));
  IF p_key IS NOT NULL THEN
    PERFORM idempotency_complete(p_user_id, p_key, 200::smallint, v_reply);
  END IF;
  RETURN QUERY SELECT 'done'::text, 200, v_reply;
END
$$;
