-- Issue 14 "Money out", the server's part (ADR 013):
--
-- 1. TDS under section 194S of the Income-tax Act. A USDT sell withholds TDS from its INR
--    proceeds into the 'tds_payable' account (what the exchange owes the government):
--      gross = trade_total('sell', …)              (rounded down: the user receives it)
--      tds   = ceil(gross × rate, paisa)           (rounded up: withheld from the user)
--      net   = gross − tds                         (credited to the user)
--    Ledger of a sell, INR: user +net, tds_payable +tds, house −gross (sums to zero).
--    The rate comes from the server's TDS_RATE through quick_trade; '0' turns TDS off.
-- 2. The account statement: every ledger entry on a user's own account stores the balance
--    of that account and asset after it (balance_after), so a page of the statement, its
--    CSV export and the balance at any past moment are index lookups, whatever filters
--    apply and however long the history grows.
-- 3. The overview's "Today's PnL" needs the USDT/INR price at 00:00 IST: usdt_inr_day_opens
--    keeps it per India calendar day (written by src/money/overview.ts).
--
-- Written to apply after 014 (INR withdrawals) as well as without it: the CHECKs on the
-- account and operation type are replaced by their union, whatever 014 named them.

-- ---------------------------------------------------------------- ledger accounts and types

DO $$
DECLARE
  c record;
BEGIN
  -- Column CHECKs listing accounts or operation types (001's defaults, or 014's versions).
  FOR c IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'ledger_entries'::regclass AND contype = 'c'
       AND (pg_get_constraintdef(oid) LIKE '%bank_clearing%'
            OR pg_get_constraintdef(oid) LIKE '%trade_sell%')
  LOOP
    EXECUTE format('ALTER TABLE ledger_entries DROP CONSTRAINT %I', c.conname);
  END LOOP;
END;
$$;
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_account_check;
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_operation_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (
  account IN ('user', 'house', 'bank_clearing', 'user_held', 'bank_payout', 'tds_payable')
);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_operation_type_check CHECK (
  operation_type IN ('deposit', 'trade_buy', 'trade_sell',
                     'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout')
);

-- ---------------------------------------------------------------- running balances

-- The balance of (user, account, asset) after this entry; NULL exactly for entries of
-- accounts that belong to no user (house, clearing, payout, TDS).
ALTER TABLE ledger_entries ADD COLUMN balance_after numeric(30, 8);

-- Existing entries get theirs once, in id order. The append-only trigger is lifted for
-- this one derived column only, inside the migration's transaction.
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete;
UPDATE ledger_entries l SET balance_after = r.b
  FROM (SELECT id, sum(amount) OVER (PARTITION BY user_id, account, asset ORDER BY id) AS b
          FROM ledger_entries WHERE user_id IS NOT NULL) r
 WHERE l.id = r.id;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update_delete;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_balance_after
  CHECK ((user_id IS NULL) = (balance_after IS NULL));

-- Statement pages, newest first: all of a user's entries, or one asset's. Entries of one
-- user are ordered by id, not created_at: created_at is the transaction's start, and two
-- transactions of one user may start in one order and take the user's lock in the other.
DROP INDEX IF EXISTS ledger_entries_user_idx;
CREATE INDEX ledger_entries_user_asset_id_idx ON ledger_entries (user_id, asset, id)
  WHERE user_id IS NOT NULL;
CREATE INDEX ledger_entries_user_id_idx ON ledger_entries (user_id, id)
  WHERE user_id IS NOT NULL;

-- Sets balance_after from the account's previous entry. Correct because every function that
-- writes an entry of a user's account first updates (so locks) the balance row that entry
-- mirrors (users for INR, wallets for USDT; 014's held INR on users too), so entries of one
-- account are inserted one transaction at a time, in id order; test/support/invariants.ts
-- re-derives every balance_after with a window function.
--
-- user_id is bounded by a range, not '=', so it stays in the ORDER BY: with '=' PostgreSQL
-- may instead walk the primary key backwards over every newer entry of other users.
CREATE FUNCTION ledger_entries_set_balance_after() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.balance_after := coalesce(
    (SELECT e.balance_after FROM ledger_entries e
      WHERE e.user_id >= NEW.user_id AND e.user_id <= NEW.user_id
        AND e.asset = NEW.asset AND e.account = NEW.account
      ORDER BY e.user_id DESC, e.asset DESC, e.id DESC LIMIT 1),
    0) + NEW.amount;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_entries_balance_after BEFORE INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION ledger_entries_set_balance_after();

-- ---------------------------------------------------------------- TDS on sells

-- INR withheld from a sell's gross proceeds at p_rate (0.01 = 1%): rounded up to the paisa,
-- so the user never receives more than gross × (1 − rate). packages/contracts quick-trade.ts
-- sellProceeds computes the same figure for the preview; tests hold them equal.
CREATE FUNCTION tds_amount(p_gross numeric, p_rate numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT round(ceil(p_gross * p_rate * 100) / 100, 2);
$$;

ALTER TABLE trades ADD COLUMN tds numeric(20, 2) NOT NULL DEFAULT 0;
-- What moved on the user's INR account: a buy paid total, a sell received total − tds.
ALTER TABLE trades ADD COLUMN net numeric(20, 2)
  GENERATED ALWAYS AS (CASE WHEN type = 'sell' THEN total - tds ELSE total END) STORED;
ALTER TABLE trades ADD CONSTRAINT trades_tds CHECK (
  tds >= 0 AND tds <= total AND (type = 'sell' OR tds = 0)
);

-- A user's TDS statement for a quarter, and the admin's per-quarter totals.
CREATE INDEX trades_user_sell_created_idx ON trades (user_id, created_at, id) WHERE type = 'sell';

DROP FUNCTION execute_usdt_sell(uuid, numeric, numeric);
-- Sell p_amount USDT at p_price INR per USDT, withholding TDS at p_tds_rate. USDT: user
-- −amount / house +amount. INR: user +net, tds_payable +tds, house −gross. The rate defaults
-- to 0 for the callers that predate TDS (demo data, seeds, benchmark references); the API's
-- trades always pass the server's TDS_RATE through quick_trade.
CREATE FUNCTION execute_usdt_sell(
  p_user_id uuid,
  p_amount numeric,
  p_price numeric,
  p_tds_rate numeric DEFAULT 0
) RETURNS trades LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric := assert_trade_input('sell', p_amount, p_price);
  v_tds numeric;
  v_bal record;
  v_trade trades;
BEGIN
  IF p_tds_rate IS NULL OR p_tds_rate < 0 OR p_tds_rate >= 1 THEN
    RAISE EXCEPTION 'TDS rate must be at least 0 and below 1' USING ERRCODE = 'SK005';
  END IF;
  v_tds := tds_amount(v_total, p_tds_rate);
  SELECT * INTO v_bal FROM lock_user_balances(p_user_id);
  IF v_bal.usdt < p_amount THEN
    -- Rounded down, so the amount the message offers can always be sold.
    RAISE EXCEPTION 'Insufficient USDT balance. Available: % USDT', trunc(v_bal.usdt, 2)
      USING ERRCODE = 'SK002';
  END IF;
  UPDATE wallets SET balance = balance - p_amount, updated_at = now()
   WHERE user_id = p_user_id AND coin_symbol = 'USDT';
  UPDATE users SET balance = balance + (v_total - v_tds), updated_at = now() WHERE id = p_user_id;
  INSERT INTO trades (user_id, type, amount, price, total, tds, status)
  VALUES (p_user_id, 'sell', p_amount, p_price, v_total, v_tds, 'completed')
  RETURNING * INTO v_trade;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_trade.id, 'trade_sell', 'USDT', 'user', p_user_id, -p_amount),
    (v_trade.id, 'trade_sell', 'USDT', 'house', NULL, p_amount),
    (v_trade.id, 'trade_sell', 'INR', 'house', NULL, -v_total);
  -- Entries are never zero: a net of ₹0.00 (all withheld) or a TDS of ₹0.00 writes no entry.
  IF v_total - v_tds <> 0 THEN
    INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount)
    VALUES (v_trade.id, 'trade_sell', 'INR', 'user', p_user_id, v_total - v_tds);
  END IF;
  IF v_tds <> 0 THEN
    INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount)
    VALUES (v_trade.id, 'trade_sell', 'INR', 'tds_payable', NULL, v_tds);
  END IF;
  PERFORM count_trade(p_user_id, 'completed', 'sell');
  RETURN v_trade;
END;
$$;

-- quick_trade of 011 with the TDS rate (the server's TDS_RATE). The bounds still apply to
-- the gross total, the trade's value, not to what is left after TDS. The answer's trade
-- carries tds and net.
DROP FUNCTION quick_trade(uuid, text, text, text, numeric, numeric, boolean, numeric, numeric);
CREATE FUNCTION quick_trade(
  p_user_id uuid,
  p_key text,
  p_request_hash text,
  p_side text,
  p_amount numeric,
  p_price numeric,
  p_refused boolean,
  p_min_total numeric,
  p_max_total numeric,
  p_tds_rate numeric
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
    v_trade := execute_usdt_sell(p_user_id, p_amount, p_price, p_tds_rate);
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
      'tds', v_trade.tds::text,
      'net', v_trade.net::text,
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

-- Answers stored before this migration lack tds and net; a replay of one must still match
-- the response schema. Their trades predate TDS, so tds is 0 and net is the total.
UPDATE idempotency_keys
   SET response_body = jsonb_set(
         jsonb_set(response_body, '{trade,tds}', '"0.00"'),
         '{trade,net}', response_body #> '{trade,total}')
 WHERE response_body ? 'trade' AND NOT (response_body -> 'trade') ? 'tds';

-- ---------------------------------------------------------------- USDT/INR at 00:00 IST

-- The USDT/INR rate at the start of each India calendar day, for Today's PnL. The first
-- writer of a day wins (ON CONFLICT DO NOTHING), so every instance reports the same figure.
CREATE TABLE usdt_inr_day_opens (
  day date PRIMARY KEY,
  rate numeric(20, 8) NOT NULL CHECK (rate > 0),
  -- where the figure came from: 'tick' (first price seen after midnight), 'candle' (the
  -- feed's candle covering midnight) or 'admin' (set by hand)
  source text NOT NULL CHECK (source IN ('tick', 'candle', 'admin')),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
