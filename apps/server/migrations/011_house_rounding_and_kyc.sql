-- Two money rules of DESIGN.md §8, enforced where the money moves:
--
-- 1. Rounding favours the house. A trade's INR total was round(amount × price, 2) half up on
--    both sides, so a buy whose exact cost is ₹0.0145 paid ₹0.01 and a sell worth ₹0.00501
--    received ₹0.01: a loop of dust trades created money. Now what a user pays rounds up and
--    what a user receives rounds down (trade_total), so no sequence of trades at one price
--    can pay a user more than the exact value of what they gave. quick_trade also refuses
--    totals outside the configured bounds (a ₹10.00 minimum by default), which the server
--    passes in from its settings.
-- 2. Money moves only for users whose KYC is verified (PMLA): deposit requests and trades
--    are refused for anyone else, under the same user-row lock that serialises their money.
--
-- New SQLSTATEs (src/money/sql-errors.ts): SK011 KYC not verified, SK012 trade total below
-- the minimum, SK013 trade total above the maximum.

-- INR of p_amount USDT at p_price INR per USDT: a buyer pays the exact value rounded up to
-- the paisa, a seller receives it rounded down. src/../contracts quick-trade.ts tradeTotal
-- computes the same figure for the preview; tests hold them equal.
CREATE FUNCTION trade_total(p_side text, p_amount numeric, p_price numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE p_side
    WHEN 'buy' THEN round(ceil(p_amount * p_price * 100) / 100, 2)
    WHEN 'sell' THEN round(floor(p_amount * p_price * 100) / 100, 2)
  END;
$$;

-- Rows written before this migration were rounded half up; the new rule holds for every
-- row written from now on (NOT VALID skips only the existing rows).
ALTER TABLE trades DROP CONSTRAINT trades_total;
ALTER TABLE trades ADD CONSTRAINT trades_total CHECK (total = trade_total(type, amount, price)) NOT VALID;

DROP FUNCTION assert_trade_input(numeric, numeric);
CREATE FUNCTION assert_trade_input(p_side text, p_amount numeric, p_price numeric)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_total numeric;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_amount <> round(p_amount, 8) THEN
    RAISE EXCEPTION 'USDT amount must be above 0 with at most 8 decimal places' USING ERRCODE = 'SK005';
  END IF;
  IF p_price IS NULL OR p_price <= 0 OR p_price <> round(p_price, 2) THEN
    RAISE EXCEPTION 'Price must be above 0 with at most 2 decimal places' USING ERRCODE = 'SK005';
  END IF;
  v_total := trade_total(p_side, p_amount, p_price);
  -- A sell whose value rounds down to ₹0.00 would take USDT for nothing.
  IF v_total IS NULL OR v_total <= 0 THEN
    RAISE EXCEPTION 'Amount is too small: the trade total must be at least ₹0.01' USING ERRCODE = 'SK005';
  END IF;
  RETURN v_total;
END;
$$;

-- Locks the user's INR row and USDT wallet in the fixed order, and refuses users whose KYC
-- is not verified: every trade function starts here, so none can move an unverified user's
-- money. The KYC status is read under the same lock an admin's decision takes.
CREATE OR REPLACE FUNCTION lock_user_balances(p_user_id uuid, OUT inr numeric, OUT usdt numeric)
LANGUAGE plpgsql AS $$
DECLARE
  v_kyc text;
BEGIN
  SELECT u.balance, u.kyc_status INTO inr, v_kyc FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'SK004';
  END IF;
  IF v_kyc <> 'verified' THEN
    RAISE EXCEPTION 'KYC is %, not verified', v_kyc USING ERRCODE = 'SK011';
  END IF;
  SELECT w.balance INTO usdt FROM wallets w
   WHERE w.user_id = p_user_id AND w.coin_symbol = 'USDT' FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'USDT wallet not found' USING ERRCODE = 'SK004';
  END IF;
END;
$$;

-- Buy p_amount USDT at p_price INR per USDT: INR user −total / house +total,
-- USDT user +amount / house −amount. The total rounds up (the user pays).
CREATE OR REPLACE FUNCTION execute_usdt_buy(p_user_id uuid, p_amount numeric, p_price numeric)
RETURNS trades LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric := assert_trade_input('buy', p_amount, p_price);
  v_bal record;
  v_trade trades;
BEGIN
  SELECT * INTO v_bal FROM lock_user_balances(p_user_id);
  IF v_bal.inr < v_total THEN
    RAISE EXCEPTION 'Insufficient INR balance' USING ERRCODE = 'SK001';
  END IF;
  UPDATE users SET balance = balance - v_total, updated_at = now() WHERE id = p_user_id;
  UPDATE wallets SET balance = balance + p_amount, updated_at = now()
   WHERE user_id = p_user_id AND coin_symbol = 'USDT';
  INSERT INTO trades (user_id, type, amount, price, total, status)
  VALUES (p_user_id, 'buy', p_amount, p_price, v_total, 'completed')
  RETURNING * INTO v_trade;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_trade.id, 'trade_buy', 'INR', 'user', p_user_id, -v_total),
    (v_trade.id, 'trade_buy', 'INR', 'house', NULL, v_total),
    (v_trade.id, 'trade_buy', 'USDT', 'user', p_user_id, p_amount),
    (v_trade.id, 'trade_buy', 'USDT', 'house', NULL, -p_amount);
  PERFORM count_trade(p_user_id, 'completed', 'buy');
  RETURN v_trade;
END;
$$;

-- Sell p_amount USDT at p_price INR per USDT: the mirror of a buy; the total rounds down
-- (the user receives).
CREATE OR REPLACE FUNCTION execute_usdt_sell(p_user_id uuid, p_amount numeric, p_price numeric)
RETURNS trades LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric := assert_trade_input('sell', p_amount, p_price);
  v_bal record;
  v_trade trades;
BEGIN
  SELECT * INTO v_bal FROM lock_user_balances(p_user_id);
  IF v_bal.usdt < p_amount THEN
    -- Rounded down, so the amount the message offers can always be sold.
    RAISE EXCEPTION 'Insufficient USDT balance. Available: % USDT', trunc(v_bal.usdt, 2)
      USING ERRCODE = 'SK002';
  END IF;
  UPDATE wallets SET balance = balance - p_amount, updated_at = now()
   WHERE user_id = p_user_id AND coin_symbol = 'USDT';
  UPDATE users SET balance = balance + v_total, updated_at = now() WHERE id = p_user_id;
  INSERT INTO trades (user_id, type, amount, price, total, status)
  VALUES (p_user_id, 'sell', p_amount, p_price, v_total, 'completed')
  RETURNING * INTO v_trade;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_trade.id, 'trade_sell', 'USDT', 'user', p_user_id, -p_amount),
    (v_trade.id, 'trade_sell', 'USDT', 'house', NULL, p_amount),
    (v_trade.id, 'trade_sell', 'INR', 'user', p_user_id, v_total),
    (v_trade.id, 'trade_sell', 'INR', 'house', NULL, -v_total);
  PERFORM count_trade(p_user_id, 'completed', 'sell');
  RETURN v_trade;
END;
$$;

-- Deposit requests: only verified users may ask (checked under the user-row lock the daily
-- limit already takes, before the limit, so an unverified user hears about KYC first).
CREATE OR REPLACE FUNCTION check_deposit_daily_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_limit constant numeric := 5000000;
  v_day date := (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date;
  v_used numeric;
  v_kyc text;
BEGIN
  SELECT kyc_status INTO v_kyc FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  IF v_kyc IS DISTINCT FROM 'verified' THEN
    RAISE EXCEPTION 'KYC is %, not verified', coalesce(v_kyc, 'missing') USING ERRCODE = 'SK011';
  END IF;
  SELECT coalesce(sum(amount), 0) INTO v_used
    FROM deposits
   WHERE user_id = NEW.user_id
     AND status IN ('pending', 'approved')
     AND created_at >= (v_day::timestamp AT TIME ZONE 'Asia/Kolkata')
     AND created_at < ((v_day + 1)::timestamp AT TIME ZONE 'Asia/Kolkata');
  IF v_used + NEW.amount > v_limit THEN
    RAISE EXCEPTION 'Daily deposit limit of ₹50,00,000 reached. You can request up to ₹% more today.',
      to_char(greatest(v_limit - v_used, 0), 'FM99,99,99,990.00')
      USING ERRCODE = 'SK008';
  END IF;
  RETURN NEW;
END;
$$;

-- quick_trade of 009 with the bounds of one trade's total: p_min_total and p_max_total are
-- the server's TRADE_MIN_TOTAL_INR / TRADE_MAX_TOTAL_INR. The order of refusals for a new
-- key: KYC (SK011), the server's price refusal (SK010), the bounds (SK012 / SK013), then
-- the balance under the lock (SK001 / SK002). A replay still answers with the first result.
DROP FUNCTION quick_trade(uuid, text, text, text, numeric, numeric, boolean);
CREATE FUNCTION quick_trade(
  p_user_id uuid,
  p_key text,
  p_request_hash text,
  p_side text,
  p_amount numeric,
  p_price numeric,
  p_refused boolean,
  p_min_total numeric,
  p_max_total numeric
) RETURNS TABLE (replayed boolean, response_status integer, response_body jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_stored idempotency_keys;
  v_trade trades;
  v_body jsonb;
  v_total numeric;
  v_kyc text;
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

  -- Read without a lock to answer first; lock_user_balances checks again under the lock.
  SELECT u.kyc_status INTO v_kyc FROM users u WHERE u.id = p_user_id;
  IF v_kyc IS DISTINCT FROM 'verified' THEN
    RAISE EXCEPTION 'KYC is %, not verified', coalesce(v_kyc, 'missing') USING ERRCODE = 'SK011';
  END IF;

  IF p_refused THEN
    RAISE EXCEPTION 'Trade refused by the server' USING ERRCODE = 'SK010';
  END IF;

  IF p_side NOT IN ('buy', 'sell') THEN
    RAISE EXCEPTION 'Side must be buy or sell' USING ERRCODE = 'SK005';
  END IF;
  v_total := trade_total(p_side, p_amount, p_price);
  IF p_min_total IS NULL OR p_max_total IS NULL THEN
    RAISE EXCEPTION 'Trade bounds are required' USING ERRCODE = 'SK005';
  END IF;
  IF v_total < p_min_total THEN
    RAISE EXCEPTION 'Trade total % is below the minimum %', v_total, p_min_total USING ERRCODE = 'SK012';
  END IF;
  IF v_total > p_max_total THEN
    RAISE EXCEPTION 'Trade total % is above the maximum %', v_total, p_max_total USING ERRCODE = 'SK013';
  END IF;

  IF p_side = 'buy' THEN
    v_trade := execute_usdt_buy(p_user_id, p_amount, p_price);
  ELSE
    v_trade := execute_usdt_sell(p_user_id, p_amount, p_price);
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
