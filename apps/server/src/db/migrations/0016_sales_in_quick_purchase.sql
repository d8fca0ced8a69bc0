-- Sales and the wipe block in the one-statement purchase (migration 0011's orders_buy_one, same
-- rules and owners otherwise). The process prices the purchase from its cached sales and last wipes
-- (sales/price-in-force.ts, the one pricing rule of every path) and sends the percent it applied
-- and the moment it priced for; the statement checks both against the rows themselves. Another
-- process may have started or ended a sale a moment ago, or the monitor may have recorded a wipe:
-- then the best running percent differs, or the block holds, and the statement answers 'stale',
-- writing nothing. The caller forgets its cache and takes the full path, which reads sales and the
-- last wipe in its own transaction and charges (or refuses with 409) what holds then.
-- The order line also keeps whether the product lasts until the next wipe (order_items.until_wipe).

-- sales: the best percent off running for a product on a server at a moment; null when none runs.
-- A timed sale runs in [starts_at, ends_at); a wipe sale, on its own server only, for
-- after_wipe_hours after that server's last wipe at or before the moment (some wipe falls in
-- (p_at - hours, p_at] exactly when the last one does).
CREATE FUNCTION "sales_percent_in_force"(
  p_product_id integer, p_category text, p_server_id integer, p_at timestamptz
) RETURNS smallint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT max(s.percent) FROM sales s
    WHERE (s.target_kind = 'all'
           OR (s.target_kind = 'category' AND s.category = p_category)
           OR (s.target_kind = 'products' AND p_product_id = ANY (s.product_ids)))
      AND ((s.starts_at <= p_at AND p_at < s.ends_at)
           OR (s.server_id = p_server_id
               AND EXISTS (SELECT 1 FROM server_wipes w
                           WHERE w.server_id = p_server_id AND w.wiped_at <= p_at
                             AND w.wiped_at > p_at - make_interval(hours => s.after_wipe_hours))))
  );
END
$$;
--> statement-breakpoint

DROP FUNCTION "orders_buy_one";
--> statement-breakpoint

-- orders: one product bought with the shop's cached view of session, product, server, sales and
-- wipes, checked here against the rows themselves. Outcomes: 'done' (body is the reply),
-- 'signed-out', 'stale' (the cached product or server differs, another sale percent is in force
-- at p_at, or the product's wipe block holds on the server at p_at: nothing was written, the
-- caller takes the full path), and, when the balance does not cover it but the key is stored,
-- 'replayed' (the stored reply) or 'mismatch' (the key was used for another request). Insufficient
-- funds raise SQLSTATE SH001. SH002: the key is stored already (a repeat, or a request with the
-- same key that committed while this one ran); everything rolls back and the caller takes the full
-- path, which replays it. p_price and p_total are the price in force for p_sale_percent (null: no
-- sale), worked out by the caller from the product's price, which p_product_version pins.
CREATE FUNCTION "orders_buy_one"(
  p_token_hash text, p_user_id integer, p_key text, p_request_hash text,
  p_product_id integer, p_product_version timestamptz,
  p_server_id integer, p_server_mode smallint, p_server_name text,
  p_order_id uuid, p_quantity integer, p_stacks integer, p_price bigint, p_total bigint,
  p_item_name text, p_item_image text, p_description text,
  p_steam_id text, p_method text, p_payload jsonb, p_reply jsonb,
  p_sale_percent smallint, p_at timestamptz,
  OUT outcome text, OUT status_code integer, OUT body jsonb
)
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_item integer;
  v_hash text;
  v_category text;
  v_block_hours integer;
  v_until_wipe boolean;
BEGIN
  IF sessions_live_user(p_token_hash) IS DISTINCT FROM p_user_id THEN
    outcome := 'signed-out';
    RETURN;
  END IF;
  SELECT category, wipe_block_hours, until_wipe INTO v_category, v_block_hours, v_until_wipe
  FROM products WHERE id = p_product_id AND is_active AND in_stock
                  AND date_trunc('milliseconds', updated_at) = p_product_version;
  IF NOT FOUND
     OR NOT EXISTS (SELECT 1 FROM servers WHERE id = p_server_id
                      AND is_plugin_enabled = p_server_mode AND name = p_server_name
                      AND coalesce(status_override, link_status) = 'online')
     OR sales_percent_in_force(p_product_id, v_category, p_server_id, p_at)
          IS DISTINCT FROM p_sale_percent
     OR (v_block_hours > 0
         AND EXISTS (SELECT 1 FROM server_wipes w
                     WHERE w.server_id = p_server_id AND w.wiped_at <= p_at
                       AND w.wiped_at > p_at - make_interval(hours => v_block_hours))) THEN
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
                           total_kopecks, until_wipe)
  VALUES (p_order_id, p_product_id, p_item_name, p_item_image, p_quantity, p_stacks, p_price, p_total,
          v_until_wipe)
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
