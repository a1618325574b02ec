-- One quick trade in one statement, so one round trip to the database instead of seven
-- (BEGIN, the idempotency key, the trade, the balances, the stored answer, COMMIT): the
-- server's share of a trade is then its session lookup and this call (docs/performance.md).
--
-- It does, in the statement's own transaction, what apps/server/src/money/idempotency.ts
-- does around the other money operations:
--  1. With a key, insert it first. A concurrent duplicate waits on the key's primary key
--     until the first transaction ends, then replays its stored answer (or, if the first
--     rolled back, runs itself). The same key with another request raises SK009.
--  2. p_refused carries the refusal the server decided from its own price (the quote moved
--     against the user, or the total rounds to ₹0.00). It is raised (SK010) only for a new
--     key, so a replay still answers with what the first request got.
--  3. execute_usdt_buy / execute_usdt_sell lock, re-check and write the trade and ledger.
--  4. The answer, the API's body {trade, balances}, is built here and stored with the key,
--     so the first answer and every replay are the same bytes.
-- Any error rolls everything back, the key included, so the same key may be retried.
-- A user's balances as the API shows them, {inr, usdt}: decimal strings with 2 and 8 places.
-- The one place that format is written: GET /api/me, balance events (src/money/balances.ts)
-- and quick_trade's answer all read it here.
CREATE FUNCTION user_balances_json(p_user_id uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'inr', to_char(u.balance, 'FM9999999999999999990.00'),
    'usdt', to_char(coalesce(w.balance, 0), 'FM9999999999999999990.00000000')
  )
    FROM users u
    LEFT JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
   WHERE u.id = p_user_id;
$$;

CREATE FUNCTION quick_trade(
  p_user_id uuid,
  p_key text,
  p_request_hash text,
  p_side text,
  p_amount numeric,
  p_price numeric,
  p_refused boolean
) RETURNS TABLE (replayed boolean, response_status integer, response_body jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_stored idempotency_keys;
  v_trade trades;
  v_body jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash)
    VALUES (p_user_id, p_key, p_request_hash)
    ON CONFLICT (user_id, key) DO NOTHING;
    IF NOT FOUND THEN
      SELECT * INTO v_stored FROM idempotency_keys k WHERE k.user_id = p_user_id AND k.key = p_key;
      IF v_stored.request_hash IS DISTINCT FROM p_request_hash THEN
        RAISE EXCEPTION 'Idempotency key reused with another request' USING ERRCODE = 'SK009';
      END IF;
      IF v_stored.response_body IS NULL THEN
        -- Cannot happen: the answer is written in the transaction that inserted the key.
        RAISE EXCEPTION 'Idempotency key without an answer';
      END IF;
      RETURN QUERY SELECT true, v_stored.response_status, v_stored.response_body;
      RETURN;
    END IF;
  END IF;

  IF p_refused THEN
    RAISE EXCEPTION 'Trade refused by the server' USING ERRCODE = 'SK010';
  END IF;

  IF p_side = 'buy' THEN
    v_trade := execute_usdt_buy(p_user_id, p_amount, p_price);
  ELSIF p_side = 'sell' THEN
    v_trade := execute_usdt_sell(p_user_id, p_amount, p_price);
  ELSE
    RAISE EXCEPTION 'Side must be buy or sell' USING ERRCODE = 'SK005';
  END IF;

  -- The trade as src/money/rows.ts toTrade gives it (numbers as decimal strings with the
  -- columns' scale, the time as ISO 8601 in UTC with milliseconds), and the balances it left:
  -- the rows stay locked by the trade until commit.
  v_body := jsonb_build_object(
    'trade', jsonb_build_object(
      'id', v_trade.id,
      'type', v_trade.type,
      'amount', v_trade.amount::text,
      'price', v_trade.price::text,
      'total', v_trade.total::text,
      'status', v_trade.status,
      'createdAt', to_char(v_trade.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ),
    'balances', user_balances_json(p_user_id)
  );

  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET response_status = 201, response_body = v_body
     WHERE k.user_id = p_user_id AND k.key = p_key;
  END IF;
  RETURN QUERY SELECT false, 201, v_body;
END;
$$;
