ALTER TABLE "users" ADD COLUMN "paid_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "paid_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id") WHERE "transactions"."order_id" is not null;--> statement-breakpoint
-- Paid money and bonus money kept apart (docs/decisions/0035-receipts-and-paid-money.md). A top-up's
-- money is paid; every other credit is bonus, except a refund, which goes back to the parts its order
-- spent (paid first, up to the paid money the order spent and no refund returned yet). A purchase
-- spends paid money first; any other debit (an admin's) takes bonus money first. The balance stays
-- one number, the sum; users.paid_kopecks is its paid part.
CREATE OR REPLACE FUNCTION "ledger_post"(
  p_user_id integer, p_amount bigint, p_kind text, p_description text, p_method text,
  p_payment_id uuid, p_order_id uuid
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_paid_now bigint;
  v_paid bigint;
BEGIN
  IF p_amount = 0 THEN
    RAISE EXCEPTION 'a ledger entry moves a non-zero number of kopecks';
  END IF;
  -- The row lock first: the check, the split and the update see the same balance.
  SELECT balance_kopecks, paid_kopecks INTO v_balance, v_paid_now
  FROM users WHERE id = p_user_id FOR UPDATE;
  IF NOT FOUND OR (p_amount < 0 AND v_balance < -p_amount) THEN
    RETURN NULL;
  END IF;
  v_paid := CASE
    WHEN p_amount > 0 AND p_kind = 'topup' THEN p_amount
    WHEN p_amount > 0 AND p_kind = 'refund' AND p_order_id IS NOT NULL THEN
      least(p_amount, greatest(0, (
        SELECT -coalesce(sum(t.paid_kopecks), 0) FROM transactions t
        WHERE t.order_id = p_order_id AND t.user_id = p_user_id
          AND t.kind IN ('purchase', 'refund') AND t.status = 'completed')))
    WHEN p_amount > 0 THEN 0
    WHEN p_kind = 'purchase' THEN -least(-p_amount, greatest(v_paid_now, 0))
    ELSE -greatest(0, -p_amount - greatest(v_balance - v_paid_now, 0))
  END;
  UPDATE users SET balance_kopecks = balance_kopecks + p_amount,
    paid_kopecks = paid_kopecks + v_paid
  WHERE id = p_user_id
  RETURNING balance_kopecks INTO v_balance;
  INSERT INTO transactions (user_id, kind, amount_kopecks, paid_kopecks, description, method,
                            payment_id, order_id)
  VALUES (p_user_id, p_kind, p_amount, v_paid, p_description, p_method, p_payment_id, p_order_id);
  RETURN v_balance;
END
$$;
--> statement-breakpoint
-- The opening paid part of every existing balance: the top-ups not reversed, less what purchases
-- spent net of refunds (as if purchases had always spent paid money first), never below zero and
-- never above the balance. Rows written before this migration keep paid_kopecks 0.
UPDATE users u SET paid_kopecks = greatest(0, least(u.balance_kopecks, s.unspent))
FROM (
  SELECT t.user_id,
    coalesce(sum(t.amount_kopecks) FILTER (
      WHERE t.kind = 'topup' AND NOT EXISTS (
        SELECT 1 FROM payment_reversals r WHERE r.payment_id = t.payment_id)), 0)
    + coalesce(sum(t.amount_kopecks) FILTER (WHERE t.kind IN ('purchase', 'refund')), 0) AS unspent
  FROM transactions t WHERE t.status = 'completed' GROUP BY t.user_id
) s
WHERE s.user_id = u.id;
