-- Money: INR deposit requests, instant USDT trades, the double-entry ledger, idempotency keys,
-- and the four PL/pgSQL functions that are the only way a balance changes.
--
-- Invariants (checked by test/support/invariants.ts):
--   * users.balance (INR) = sum of that user's INR ledger entries;
--     wallets.balance (USDT) = sum of that user's USDT ledger entries;
--   * for every operation and asset the ledger entries sum to zero (enforced at commit below);
--   * no balance below zero (CHECK constraints of 001/002).
-- Lock order in every function: users row, then wallets row, then deposit row.

CREATE TABLE deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  -- INR; the product's per-request limits
  amount numeric(20, 2) NOT NULL CHECK (amount >= 100 AND amount <= 1000000),
  -- Unique Transaction Reference of the customer's bank transfer, upper-cased
  utr_number text NOT NULL CHECK (utr_number ~ '^[A-Z0-9]{6,22}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  rejection_reason text,
  -- clock_timestamp, not now(): rows made in one transaction still order by creation
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id),
  CONSTRAINT deposits_decided CHECK ((status = 'pending') = (decided_at IS NULL)),
  CONSTRAINT deposits_rejection_reason CHECK (
    (status = 'rejected') = (rejection_reason IS NOT NULL AND btrim(rejection_reason) <> '')
  )
);
-- own recent deposits; admin list newest first (optionally by status)
CREATE INDEX deposits_user_created_idx ON deposits (user_id, created_at DESC, id DESC);
CREATE INDEX deposits_created_idx ON deposits (created_at DESC, id DESC);
CREATE INDEX deposits_status_created_idx ON deposits (status, created_at DESC, id DESC);

CREATE TABLE trades (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('buy', 'sell')),
  -- USDT bought or sold
  amount numeric(30, 8) NOT NULL CHECK (amount > 0),
  -- INR per USDT, the server's rate with the spread
  price numeric(20, 2) NOT NULL CHECK (price > 0),
  -- INR paid (buy) or received (sell) = round(amount × price, 2)
  total numeric(20, 2) NOT NULL CHECK (total > 0),
  status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'failed')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT trades_total CHECK (total = round(amount * price, 2))
);
-- own history newest first, and its status / type filtered variants
CREATE INDEX trades_user_created_idx ON trades (user_id, created_at DESC, id DESC);
CREATE INDEX trades_user_status_created_idx ON trades (user_id, status, created_at DESC, id DESC);
CREATE INDEX trades_user_type_created_idx ON trades (user_id, type, created_at DESC, id DESC);
-- admin list newest first, optionally by status
CREATE INDEX trades_created_idx ON trades (created_at DESC, id DESC);
CREATE INDEX trades_status_created_idx ON trades (status, created_at DESC, id DESC);

-- Exact totals for the trade history without counting rows: the history screen shows
-- "Showing X to Y of N entries" on every page, and count(*) over a user's trades grows with
-- them. These per-user counters are bumped inside the trade functions, under the users row
-- lock every trade of that user already takes, so they add no contention and are exact.
-- A search by id falls back to count(*) (bounded by that user's trades). The admin list sums
-- them over users rather than keeping one global row that every trade would have to lock.
CREATE TABLE trade_counts (
  user_id uuid NOT NULL REFERENCES users (id),
  status text NOT NULL,
  type text NOT NULL,
  n bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, status, type)
);

-- Append-only double entry. Accounts: 'user' (with user_id), 'house' (the exchange's own
-- INR and USDT inventory: the other side of every trade) and 'bank_clearing' (INR that
-- arrived by bank transfer: the other side of every approved deposit). House and clearing
-- have no balance row: their balance is the sum of their entries, so no single hot row is
-- locked by every trade.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  -- the deposit or trade id this entry belongs to
  operation_id uuid NOT NULL,
  operation_type text NOT NULL CHECK (operation_type IN ('deposit', 'trade_buy', 'trade_sell')),
  asset text NOT NULL CHECK (asset IN ('INR', 'USDT')),
  account text NOT NULL CHECK (account IN ('user', 'house', 'bank_clearing')),
  user_id uuid REFERENCES users (id),
  -- signed: + credits the account, − debits it; INR in rupees, USDT in coins
  amount numeric(30, 8) NOT NULL CHECK (amount <> 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_entries_user CHECK ((account = 'user') = (user_id IS NOT NULL)),
  CONSTRAINT ledger_entries_inr_scale CHECK (asset <> 'INR' OR amount = round(amount, 2))
);
CREATE INDEX ledger_entries_user_idx ON ledger_entries (user_id, asset) WHERE user_id IS NOT NULL;
CREATE INDEX ledger_entries_operation_idx ON ledger_entries (operation_id, asset);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only (% refused)', TG_OP USING ERRCODE = 'SK007';
END;
$$;
CREATE TRIGGER ledger_entries_no_update_delete BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();

-- Checked at commit (deferred), so an operation may write its entries in any order but can
-- never commit unbalanced: nothing is created or destroyed.
CREATE FUNCTION ledger_entries_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum(e.amount) FROM ledger_entries e
       WHERE e.operation_id = NEW.operation_id AND e.asset = NEW.asset) <> 0 THEN
    RAISE EXCEPTION 'Ledger operation % does not balance in %', NEW.operation_id, NEW.asset
      USING ERRCODE = 'SK006';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_check_balanced();

-- The first answer to a request sent with an Idempotency-Key. The row is inserted first, in
-- the same transaction as the money operation: a duplicate's INSERT waits on the unique key
-- until the first commits (then replays its answer) or rolls back (then runs itself).
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 100),
  -- SHA-256 of the route and the validated body; another body under the same key is refused
  request_hash text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
-- for pruning old keys
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Error codes the API maps (apps/server/src/money/sql-errors.ts):
--   SK001 insufficient INR, SK002 insufficient USDT, SK003 invalid state, SK004 not found,
--   SK005 invalid input, SK006 unbalanced ledger, SK007 ledger is append-only.

CREATE FUNCTION assert_trade_input(p_amount numeric, p_price numeric) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_total numeric;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_amount <> round(p_amount, 8) THEN
    RAISE EXCEPTION 'USDT amount must be above 0 with at most 8 decimal places' USING ERRCODE = 'SK005';
  END IF;
  IF p_price IS NULL OR p_price <= 0 OR p_price <> round(p_price, 2) THEN
    RAISE EXCEPTION 'Price must be above 0 with at most 2 decimal places' USING ERRCODE = 'SK005';
  END IF;
  v_total := round(p_amount * p_price, 2);
  -- A total that rounds to 0.00 would move USDT for nothing.
  IF v_total <= 0 THEN
    RAISE EXCEPTION 'Amount is too small: the trade total must be at least ₹0.01' USING ERRCODE = 'SK005';
  END IF;
  RETURN v_total;
END;
$$;

CREATE FUNCTION count_trade(p_user_id uuid, p_status text, p_type text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO trade_counts (user_id, status, type, n) VALUES (p_user_id, p_status, p_type, 1)
  ON CONFLICT (user_id, status, type) DO UPDATE SET n = trade_counts.n + 1;
$$;

-- Locks the user's INR row and USDT wallet in the fixed order. FOR NO KEY UPDATE is the
-- row lock an UPDATE of balance takes anyway: it serialises every balance change of this
-- user, yet does not block unrelated inserts that merely reference the user (sessions,
-- deposit requests), as FOR UPDATE would through their foreign keys.
CREATE FUNCTION lock_user_balances(p_user_id uuid, OUT inr numeric, OUT usdt numeric)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.balance INTO inr FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'SK004';
  END IF;
  SELECT w.balance INTO usdt FROM wallets w
   WHERE w.user_id = p_user_id AND w.coin_symbol = 'USDT' FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'USDT wallet not found' USING ERRCODE = 'SK004';
  END IF;
END;
$$;

-- Buy p_amount USDT at p_price INR per USDT: INR user −total / house +total,
-- USDT user +amount / house −amount.
CREATE FUNCTION execute_usdt_buy(p_user_id uuid, p_amount numeric, p_price numeric)
RETURNS trades LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric := assert_trade_input(p_amount, p_price);
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

-- Sell p_amount USDT at p_price INR per USDT: the mirror of a buy.
CREATE FUNCTION execute_usdt_sell(p_user_id uuid, p_amount numeric, p_price numeric)
RETURNS trades LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric := assert_trade_input(p_amount, p_price);
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

-- Locks the deposit's user, then the deposit, and checks it is still pending. The user id
-- of a deposit never changes, so reading it before the locks is safe.
CREATE FUNCTION lock_pending_deposit(p_deposit_id uuid) RETURNS deposits
LANGUAGE plpgsql AS $$
DECLARE
  v_user_id uuid;
  v_dep deposits;
BEGIN
  SELECT d.user_id INTO v_user_id FROM deposits d WHERE d.id = p_deposit_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Deposit not found' USING ERRCODE = 'SK004';
  END IF;
  PERFORM 1 FROM users u WHERE u.id = v_user_id FOR NO KEY UPDATE;
  SELECT * INTO v_dep FROM deposits d WHERE d.id = p_deposit_id FOR UPDATE;
  IF v_dep.status <> 'pending' THEN
    RAISE EXCEPTION 'This deposit is already %', v_dep.status USING ERRCODE = 'SK003';
  END IF;
  RETURN v_dep;
END;
$$;

-- Pending → approved: INR user +amount, bank_clearing −amount. A repeated approve finds the
-- deposit no longer pending and credits nothing.
CREATE FUNCTION approve_deposit(deposit_id uuid, p_admin_id uuid DEFAULT NULL)
RETURNS deposits LANGUAGE plpgsql AS $$
DECLARE
  v_dep deposits := lock_pending_deposit(deposit_id);
BEGIN
  UPDATE users SET balance = balance + v_dep.amount, updated_at = now() WHERE id = v_dep.user_id;
  UPDATE deposits d SET status = 'approved', decided_at = clock_timestamp(), decided_by = p_admin_id
   WHERE d.id = v_dep.id
  RETURNING * INTO v_dep;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_dep.id, 'deposit', 'INR', 'user', v_dep.user_id, v_dep.amount),
    (v_dep.id, 'deposit', 'INR', 'bank_clearing', NULL, -v_dep.amount);
  RETURN v_dep;
END;
$$;

-- Pending → rejected with a non-blank reason; no money moves.
CREATE FUNCTION reject_deposit(deposit_id uuid, reason text, p_admin_id uuid DEFAULT NULL)
RETURNS deposits LANGUAGE plpgsql AS $$
DECLARE
  v_dep deposits;
BEGIN
  IF reason IS NULL OR btrim(reason) = '' THEN
    RAISE EXCEPTION 'Please provide a reason for rejection' USING ERRCODE = 'SK005';
  END IF;
  v_dep := lock_pending_deposit(deposit_id);
  UPDATE deposits d
     SET status = 'rejected', rejection_reason = btrim(reason), decided_at = clock_timestamp(),
         decided_by = p_admin_id
   WHERE d.id = v_dep.id
  RETURNING * INTO v_dep;
  RETURN v_dep;
END;
$$;
