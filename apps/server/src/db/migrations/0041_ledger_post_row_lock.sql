-- ledger_post as in 0028, but its row lock is FOR NO KEY UPDATE, the lock its own UPDATE takes:
-- FOR UPDATE also blocked every insert that references the user (an order, a session, a chat
-- message) until the money transaction ended, and could deadlock with a transaction that had
-- inserted one before posting.
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
  -- The row lock first: the check, the split and the update see the same balance. The lock is the
  -- one the UPDATE takes anyway (NO KEY UPDATE): rows of other tables that merely reference the
  -- user (their foreign-key checks take KEY SHARE) are not held up by it, as before 0028.
  SELECT balance_kopecks, paid_kopecks INTO v_balance, v_paid_now
  FROM users WHERE id = p_user_id FOR NO KEY UPDATE;
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
