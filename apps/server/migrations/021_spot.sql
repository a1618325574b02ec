-- Issue 17 (ADR 018): the spot exchange. INR order books matched by an in-memory engine
-- (apps/server/src/spot); this file is where its money moves.
--
--   spot_markets      one row per configured market: sizes, fees, and the engine's epoch
--   spot_orders       every accepted order; the open ones rebuild the book after a restart
--   spot_fills        every match between a taker and a maker
--   spot_inbox        orders and cancels an instance received for a market another runs
--   spot_accept()     a batch's orders reserved (available → reserved) and recorded
--   spot_settle()     a batch's fills written with their ledger entries, and the touched
--                     orders' states, releasing what a closed order still reserves
--
-- Reserved funds are part of the user's account: users.balance + users.inr_reserved (INR)
-- and wallets.balance + wallets.reserved (coins) equal the ledger's 'user' entries. Placing an
-- order writes no ledger entry (it moves nothing between accounts); a fill does.
--
-- Ledger of a fill at price p for q coins (value v = p × q, exact), operation 'spot_fill':
--   base: buyer +q, seller −q
--   INR:  buyer −(Δceil(Σv) + Δceil(Σfee)),  seller +(Δfloor(Σv) − Δceil(Σfee) − Δceil(tds)),
--         house +(the rest: the roundings and both fees), tds_payable +Δceil(tds)
-- where Δ is the change of an order's running total: each order pays ceil / receives floor
-- of its whole value, never a paisa per fill more, so many small fills cost no more than one.
--
-- Lock order: spot_markets (the engine's fence), then users, then wallets, by user id.

-- ---------------------------------------------------------------- ledger and balances

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_asset_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_asset_check
  CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$');
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_operation_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_operation_type_check CHECK (
  operation_type IN ('deposit', 'trade_buy', 'trade_sell',
                     'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout',
                     'chain_deposit',
                     'chain_withdrawal_hold', 'chain_withdrawal_release', 'chain_withdrawal_payout',
                     'spot_fill', 'house_funding')
);
-- Coins have at most 8 places in the wallets; INR 2 (004).
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_coin_scale
  CHECK (asset = 'INR' OR amount = round(amount, 8));

ALTER TABLE users ADD COLUMN inr_reserved numeric(20, 2) NOT NULL DEFAULT 0
  CONSTRAINT users_inr_reserved_check CHECK (inr_reserved >= 0);
ALTER TABLE wallets ADD COLUMN reserved numeric(30, 8) NOT NULL DEFAULT 0
  CONSTRAINT wallets_reserved_check CHECK (reserved >= 0);

CREATE TRIGGER users_inr_reserved_notify AFTER UPDATE OF inr_reserved ON users
  FOR EACH ROW WHEN (OLD.inr_reserved IS DISTINCT FROM NEW.inr_reserved)
  EXECUTE FUNCTION notify_user_balance_changed();

CREATE OR REPLACE FUNCTION notify_wallet_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.balance IS NOT DISTINCT FROM NEW.balance
     AND OLD.held IS NOT DISTINCT FROM NEW.held AND OLD.reserved IS NOT DISTINCT FROM NEW.reserved
     AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('balance_changed', NEW.user_id::text);
  RETURN NULL;
END;
$$;

-- ---------------------------------------------------------------- markets

CREATE TABLE spot_markets (
  symbol text PRIMARY KEY CHECK (symbol ~ '^[A-Z][A-Z0-9]{1,9}-INR$'),
  base text NOT NULL CHECK (base ~ '^[A-Z][A-Z0-9]{1,9}$'),
  tick_size numeric NOT NULL CHECK (tick_size > 0),
  lot_size numeric NOT NULL CHECK (lot_size > 0 AND lot_size = round(lot_size, 8)),
  min_order_value numeric(20, 2) NOT NULL CHECK (min_order_value > 0),
  -- Rates for orders placed from now on; each order keeps the rates it was placed with.
  maker_fee numeric(8, 6) NOT NULL CHECK (maker_fee >= 0 AND maker_fee < 0.1),
  taker_fee numeric(8, 6) NOT NULL CHECK (taker_fee >= 0 AND taker_fee < 0.1),
  tds_rate numeric(8, 6) NOT NULL CHECK (tds_rate >= 0 AND tds_rate < 1),
  -- The engine's fence: an instance that takes the market over bumps it, and every batch
  -- checks it under the row's lock, so a writer that lost its lock can never write again.
  epoch bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------- orders and fills

CREATE TABLE spot_orders (
  id uuid PRIMARY KEY,
  market text NOT NULL REFERENCES spot_markets (symbol),
  -- The engine's arrival sequence in the market: time priority when the book is rebuilt.
  seq bigint NOT NULL CHECK (seq > 0),
  user_id uuid NOT NULL REFERENCES users (id),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  type text NOT NULL CHECK (type IN ('limit', 'market')),
  time_in_force text NOT NULL CHECK (time_in_force IN ('GTC', 'IOC', 'FOK')),
  post_only boolean NOT NULL DEFAULT false,
  stp text NOT NULL CHECK (stp IN ('cancel_taker', 'cancel_maker', 'cancel_both')),
  -- Integer units of the engine: price = price_ticks × tick_size, quantity = lots × lot_size.
  price_ticks bigint CHECK (price_ticks > 0),
  lots bigint CHECK (lots > 0),
  -- A market buy given by the INR it may spend (fees included).
  quote_amount numeric(20, 2) CHECK (quote_amount > 0),
  filled_lots bigint NOT NULL DEFAULT 0 CHECK (filled_lots >= 0),
  maker_fee numeric(8, 6) NOT NULL,
  taker_fee numeric(8, 6) NOT NULL,
  tds_rate numeric(8, 6) NOT NULL,
  -- What the order still reserves: INR (buy) or coins (sell); 0 once closed.
  reserved numeric(30, 8) NOT NULL CHECK (reserved >= 0),
  -- Running totals: exact value and fee, and the rounded INR actually moved.
  value_exact numeric NOT NULL DEFAULT 0,
  fee_exact numeric NOT NULL DEFAULT 0,
  inr_value numeric(20, 2) NOT NULL DEFAULT 0,
  fee numeric(20, 2) NOT NULL DEFAULT 0,
  tds numeric(20, 2) NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'open', 'partially_filled', 'filled', 'cancelled')),
  cancel_reason text
    CHECK (cancel_reason IN ('user', 'ioc', 'fok', 'post_only', 'stp', 'no_liquidity', 'funds')),
  idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  request_hash text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (market, seq),
  UNIQUE (user_id, idempotency_key),
  CONSTRAINT spot_orders_shape CHECK (
    (type = 'limit' AND price_ticks IS NOT NULL AND lots IS NOT NULL AND quote_amount IS NULL)
    OR (type = 'market' AND price_ticks IS NULL AND (lots IS NULL) <> (quote_amount IS NULL)
        AND (quote_amount IS NULL OR side = 'buy'))
  ),
  CONSTRAINT spot_orders_filled CHECK (lots IS NULL OR filled_lots <= lots),
  CONSTRAINT spot_orders_closed CHECK (
    status NOT IN ('filled', 'cancelled') OR reserved = 0
  ),
  CONSTRAINT spot_orders_cancel_reason CHECK ((status = 'cancelled') = (cancel_reason IS NOT NULL))
);
CREATE INDEX spot_orders_user_created_idx ON spot_orders (user_id, created_at DESC, id DESC);
CREATE INDEX spot_orders_user_open_idx ON spot_orders (user_id, created_at DESC)
  WHERE status IN ('new', 'open', 'partially_filled');
-- The book's rebuild, in time priority.
CREATE INDEX spot_orders_market_open_idx ON spot_orders (market, seq)
  WHERE status IN ('new', 'open', 'partially_filled');

CREATE TABLE spot_fills (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  no bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  market text NOT NULL REFERENCES spot_markets (symbol),
  taker_order_id uuid NOT NULL REFERENCES spot_orders (id),
  maker_order_id uuid NOT NULL REFERENCES spot_orders (id),
  taker_side text NOT NULL CHECK (taker_side IN ('buy', 'sell')),
  price_ticks bigint NOT NULL CHECK (price_ticks > 0),
  lots bigint NOT NULL CHECK (lots > 0),
  price numeric NOT NULL CHECK (price > 0),
  quantity numeric(30, 8) NOT NULL CHECK (quantity > 0),
  value numeric NOT NULL CHECK (value > 0),
  -- INR moved for this fill on each side's order (the Δ of its running totals).
  buyer_paid numeric(20, 2) NOT NULL,
  buyer_fee numeric(20, 2) NOT NULL,
  seller_received numeric(20, 2) NOT NULL,
  seller_fee numeric(20, 2) NOT NULL,
  seller_tds numeric(20, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT spot_fills_two_orders CHECK (taker_order_id <> maker_order_id)
);
CREATE INDEX spot_fills_market_no_idx ON spot_fills (market, no DESC);
CREATE INDEX spot_fills_market_created_idx ON spot_fills (market, created_at);
CREATE INDEX spot_fills_taker_idx ON spot_fills (taker_order_id);
CREATE INDEX spot_fills_maker_idx ON spot_fills (maker_order_id);

-- Requests for a market whose engine another instance runs: that instance takes them in
-- its next batch and deletes them in the same transaction (exactly once).
CREATE TABLE spot_inbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL,
  request jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX spot_inbox_market_idx ON spot_inbox (market, id);

-- ---------------------------------------------------------------- helpers

CREATE FUNCTION spot_ceil2(v numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT ceil(v * 100) / 100
$$;
CREATE FUNCTION spot_floor2(v numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(v * 100) / 100
$$;

-- The user's wallet of p_asset, made on first use and locked.
CREATE FUNCTION spot_lock_wallet(p_user_id uuid, p_asset text) RETURNS wallets
LANGUAGE plpgsql AS $$
DECLARE
  v_w wallets;
BEGIN
  SELECT * INTO v_w FROM wallets w
   WHERE w.user_id = p_user_id AND w.coin_symbol = p_asset FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    INSERT INTO wallets (user_id, coin_symbol) VALUES (p_user_id, p_asset) ON CONFLICT DO NOTHING;
    SELECT * INTO v_w FROM wallets w
     WHERE w.user_id = p_user_id AND w.coin_symbol = p_asset FOR NO KEY UPDATE;
  END IF;
  RETURN v_w;
END;
$$;

-- ---------------------------------------------------------------- accept

-- p_orders: a JSON array, in arrival order, of
--   {id, seq, userId, side, type, tif, postOnly, stp, priceTicks?, lots?, quoteAmount?, key?, hash?}
-- Returns one JSON object per element, in order:
--   {id, ok: true, reserved, maxQuoteUnits?}        accepted: funds reserved, row written
--   {id, ok: false, code, replayOf?}                refused (nothing written), or a replay of
--                                                   an earlier order under the same key
-- Never raises for a user's mistake, so one bad order cannot fail its batch.
CREATE FUNCTION spot_accept(p_market text, p_epoch bigint, p_orders jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  m spot_markets;
  o jsonb;
  v_user uuid;
  v_kyc text;
  v_inr numeric;
  v_w wallets;
  v_price numeric;
  v_qty numeric;
  v_value numeric;
  v_reserve numeric;
  v_max_rate numeric;
  v_max_units numeric;
  v_existing spot_orders;
  v_out jsonb := '[]'::jsonb;
BEGIN
  SELECT * INTO m FROM spot_markets WHERE symbol = p_market FOR NO KEY UPDATE;
  IF NOT FOUND OR m.epoch <> p_epoch THEN
    RAISE EXCEPTION 'Market % is run by another engine', p_market USING ERRCODE = 'SK020';
  END IF;
  -- The batch's users locked at once, in id order, so two markets' engines take the users
  -- they share in one order (a deadlock left is retried by the engine, ADR 018).
  PERFORM 1 FROM users
   WHERE id IN (SELECT (e->>'userId')::uuid FROM jsonb_array_elements(p_orders) AS e)
   ORDER BY id FOR NO KEY UPDATE;
  FOR o IN SELECT value FROM jsonb_array_elements(p_orders) LOOP
    v_user := (o->>'userId')::uuid;
    -- An Idempotency-Key seen before: the earlier order is the answer (or a conflict).
    IF o->>'key' IS NOT NULL THEN
      SELECT * INTO v_existing FROM spot_orders
       WHERE user_id = v_user AND idempotency_key = o->>'key';
      IF FOUND THEN
        v_out := v_out || jsonb_build_object('id', o->>'id', 'ok', false,
          'code', CASE WHEN v_existing.request_hash = o->>'hash' THEN 'replay'
                       ELSE 'idempotency_conflict' END,
          'replayOf', v_existing.id);
        CONTINUE;
      END IF;
    END IF;
    SELECT u.balance, u.kyc_status INTO v_inr, v_kyc FROM users u
     WHERE u.id = v_user FOR NO KEY UPDATE;
    IF NOT FOUND OR v_kyc <> 'verified' THEN
      v_out := v_out || jsonb_build_object('id', o->>'id', 'ok', false, 'code', 'kyc_required');
      CONTINUE;
    END IF;
    v_price := (o->>'priceTicks')::numeric * m.tick_size;
    v_qty := (o->>'lots')::numeric * m.lot_size;
    v_max_rate := greatest(m.maker_fee, m.taker_fee);
    v_max_units := NULL;
    IF o->>'side' = 'buy' THEN
      IF o->>'type' = 'limit' THEN
        v_value := v_price * v_qty;
        v_reserve := spot_ceil2(v_value) + spot_ceil2(v_value * v_max_rate);
      ELSE
        -- A market buy reserves its INR total, or everything available when given by
        -- quantity; the engine stops before the fills' value could exceed what that pays
        -- for after rounding and the taker fee.
        v_reserve := coalesce((o->>'quoteAmount')::numeric, v_inr);
        v_max_units := floor(
          trunc(greatest(v_reserve - 0.01, 0) / (1 + m.taker_fee), 2) / (m.tick_size * m.lot_size));
        IF v_max_units < 1 THEN
          v_out := v_out || jsonb_build_object('id', o->>'id', 'ok', false, 'code', 'insufficient_funds');
          CONTINUE;
        END IF;
      END IF;
      IF v_reserve > v_inr THEN
        v_out := v_out || jsonb_build_object('id', o->>'id', 'ok', false, 'code', 'insufficient_funds');
        CONTINUE;
      END IF;
      UPDATE users SET balance = balance - v_reserve, inr_reserved = inr_reserved + v_reserve
       WHERE id = v_user;
    ELSE
      v_w := spot_lock_wallet(v_user, m.base);
      v_reserve := v_qty;
      IF v_w.balance < v_reserve THEN
        v_out := v_out || jsonb_build_object('id', o->>'id', 'ok', false, 'code', 'insufficient_funds');
        CONTINUE;
      END IF;
      UPDATE wallets SET balance = balance - v_reserve, reserved = reserved + v_reserve,
                         updated_at = now()
       WHERE user_id = v_user AND coin_symbol = m.base;
    END IF;
    INSERT INTO spot_orders (id, market, seq, user_id, side, type, time_in_force, post_only, stp,
                             price_ticks, lots, quote_amount, maker_fee, taker_fee, tds_rate,
                             reserved, idempotency_key, request_hash)
    VALUES ((o->>'id')::uuid, p_market, (o->>'seq')::bigint, v_user, o->>'side', o->>'type',
            o->>'tif', (o->>'postOnly')::boolean, o->>'stp',
            (o->>'priceTicks')::bigint, (o->>'lots')::bigint, (o->>'quoteAmount')::numeric,
            m.maker_fee, m.taker_fee, m.tds_rate, v_reserve, o->>'key', o->>'hash');
    v_out := v_out || jsonb_build_object('id', o->>'id', 'ok', true, 'reserved', v_reserve,
                                         'maxQuoteUnits', v_max_units);
  END LOOP;
  RETURN v_out;
END;
$$;

-- ---------------------------------------------------------------- settle

-- One fill: both orders' running totals, both users' balances, the ledger, the fill row.
CREATE FUNCTION spot_fill(m spot_markets, p_taker uuid, p_maker uuid, p_price_ticks bigint,
                          p_lots bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t spot_orders;
  mk spot_orders;
  b spot_orders;
  s spot_orders;
  v_price numeric := p_price_ticks * m.tick_size;
  v_qty numeric := p_lots * m.lot_size;
  v_value numeric := v_price * v_qty;
  v_b_value numeric; v_b_fee_exact numeric; v_b_paid numeric; v_b_fee numeric;
  v_s_value numeric; v_s_fee_exact numeric; v_s_gross numeric; v_s_fee numeric; v_s_tds numeric;
  v_s_tds_total numeric;
  v_house numeric;
  v_seller_net numeric;
  v_op uuid := gen_random_uuid();
BEGIN
  SELECT * INTO t FROM spot_orders WHERE id = p_taker;
  SELECT * INTO mk FROM spot_orders WHERE id = p_maker;
  IF t.id IS NULL OR mk.id IS NULL OR t.market <> m.symbol OR mk.market <> m.symbol
     OR t.side = mk.side OR t.user_id = mk.user_id THEN
    RAISE EXCEPTION 'Invalid fill % / %', p_taker, p_maker USING ERRCODE = 'SK003';
  END IF;
  IF t.side = 'buy' THEN b := t; s := mk; ELSE b := mk; s := t; END IF;

  -- Buyer: pays ceil of its whole value and fee so far, less what it already paid.
  v_b_value := b.value_exact + v_value;
  v_b_fee_exact := b.fee_exact + v_value * CASE WHEN b.id = p_taker THEN b.taker_fee ELSE b.maker_fee END;
  v_b_paid := spot_ceil2(v_b_value) - b.inr_value;
  v_b_fee := spot_ceil2(v_b_fee_exact) - b.fee;
  IF b.reserved < v_b_paid + v_b_fee THEN
    RAISE EXCEPTION 'Order % reserves too little', b.id USING ERRCODE = 'SK001';
  END IF;
  -- Seller: receives floor of its whole value, less ceil of its fee and TDS so far.
  v_s_value := s.value_exact + v_value;
  v_s_fee_exact := s.fee_exact + v_value * CASE WHEN s.id = p_taker THEN s.taker_fee ELSE s.maker_fee END;
  v_s_gross := spot_floor2(v_s_value) - s.inr_value;
  v_s_fee := spot_ceil2(v_s_fee_exact) - s.fee;
  v_s_tds_total := spot_ceil2(spot_floor2(v_s_value) * s.tds_rate);
  v_s_tds := v_s_tds_total - s.tds;
  v_seller_net := v_s_gross - v_s_fee - v_s_tds;
  v_house := (v_b_paid - v_s_gross) + v_b_fee + v_s_fee;

  UPDATE spot_orders SET filled_lots = filled_lots + p_lots, value_exact = v_b_value,
         fee_exact = v_b_fee_exact, inr_value = inr_value + v_b_paid, fee = fee + v_b_fee,
         reserved = reserved - (v_b_paid + v_b_fee), updated_at = clock_timestamp()
   WHERE id = b.id;
  UPDATE spot_orders SET filled_lots = filled_lots + p_lots, value_exact = v_s_value,
         fee_exact = v_s_fee_exact, inr_value = inr_value + v_s_gross, fee = fee + v_s_fee,
         tds = v_s_tds_total, reserved = reserved - v_qty, updated_at = clock_timestamp()
   WHERE id = s.id;

  -- Locks in user id order (deadlocks between markets' engines are retried, not expected).
  IF b.user_id < s.user_id THEN
    UPDATE users SET inr_reserved = inr_reserved - (v_b_paid + v_b_fee) WHERE id = b.user_id;
    UPDATE users SET balance = balance + v_seller_net WHERE id = s.user_id;
  ELSE
    UPDATE users SET balance = balance + v_seller_net WHERE id = s.user_id;
    UPDATE users SET inr_reserved = inr_reserved - (v_b_paid + v_b_fee) WHERE id = b.user_id;
  END IF;
  PERFORM spot_lock_wallet(b.user_id, m.base);
  UPDATE wallets SET balance = balance + v_qty, updated_at = now()
   WHERE user_id = b.user_id AND coin_symbol = m.base;
  UPDATE wallets SET reserved = reserved - v_qty, updated_at = now()
   WHERE user_id = s.user_id AND coin_symbol = m.base;

  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount)
  SELECT v_op, 'spot_fill', e.asset, e.account, e.user_id, e.amount
    FROM (VALUES (m.base, 'user', b.user_id, v_qty),
                 (m.base, 'user', s.user_id, -v_qty),
                 ('INR', 'user', b.user_id, -(v_b_paid + v_b_fee)),
                 ('INR', 'user', s.user_id, v_seller_net),
                 ('INR', 'house', NULL::uuid, v_house),
                 ('INR', 'tds_payable', NULL::uuid, v_s_tds)) AS e (asset, account, user_id, amount)
   WHERE e.amount <> 0;

  INSERT INTO spot_fills (id, market, taker_order_id, maker_order_id, taker_side, price_ticks,
                          lots, price, quantity, value, buyer_paid, buyer_fee, seller_received,
                          seller_fee, seller_tds)
  VALUES (v_op, m.symbol, p_taker, p_maker, t.side, p_price_ticks, p_lots, v_price, v_qty,
          v_value, v_b_paid, v_b_fee, v_s_gross, v_s_fee, v_s_tds);
END;
$$;

-- p_fills:  [{taker, maker, priceTicks, lots}] in execution order
-- p_orders: [{id, status, reason?, filledLots}] the state the engine left every touched order
--           in; a closed order's remaining reservation returns to the available balance.
-- Raises (and so rolls the whole batch back) on any disagreement with the engine.
CREATE FUNCTION spot_settle(p_market text, p_epoch bigint, p_fills jsonb, p_orders jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m spot_markets;
  f jsonb;
  o jsonb;
  v_o spot_orders;
BEGIN
  SELECT * INTO m FROM spot_markets WHERE symbol = p_market FOR NO KEY UPDATE;
  IF NOT FOUND OR m.epoch <> p_epoch THEN
    RAISE EXCEPTION 'Market % is run by another engine', p_market USING ERRCODE = 'SK020';
  END IF;
  -- Every user the fills touch, locked in id order before any is updated (as in spot_accept).
  PERFORM 1 FROM users
   WHERE id IN (SELECT o.user_id FROM spot_orders o
                 WHERE o.id IN (SELECT (e->>'taker')::uuid FROM jsonb_array_elements(p_fills) AS e
                                UNION SELECT (e->>'maker')::uuid FROM jsonb_array_elements(p_fills) AS e))
   ORDER BY id FOR NO KEY UPDATE;
  FOR f IN SELECT value FROM jsonb_array_elements(p_fills) LOOP
    PERFORM spot_fill(m, (f->>'taker')::uuid, (f->>'maker')::uuid, (f->>'priceTicks')::bigint,
                      (f->>'lots')::bigint);
  END LOOP;
  FOR o IN SELECT value FROM jsonb_array_elements(p_orders) LOOP
    SELECT * INTO v_o FROM spot_orders WHERE id = (o->>'id')::uuid AND market = p_market;
    IF NOT FOUND OR v_o.filled_lots <> (o->>'filledLots')::bigint
       OR v_o.status IN ('filled', 'cancelled') THEN
      RAISE EXCEPTION 'Order % disagrees with the engine', o->>'id' USING ERRCODE = 'SK003';
    END IF;
    IF o->>'status' IN ('filled', 'cancelled') AND v_o.reserved > 0 THEN
      IF v_o.side = 'buy' THEN
        UPDATE users SET balance = balance + v_o.reserved, inr_reserved = inr_reserved - v_o.reserved
         WHERE id = v_o.user_id;
      ELSE
        UPDATE wallets SET balance = balance + v_o.reserved, reserved = reserved - v_o.reserved,
                           updated_at = now()
         WHERE user_id = v_o.user_id AND coin_symbol = m.base;
      END IF;
    END IF;
    UPDATE spot_orders
       SET status = o->>'status', cancel_reason = o->>'reason',
           reserved = CASE WHEN o->>'status' IN ('filled', 'cancelled') THEN 0 ELSE reserved END,
           updated_at = clock_timestamp()
     WHERE id = v_o.id;
  END LOOP;
END;
$$;

-- The house's own accounts that trade (the market maker): coins and INR from the house.
CREATE FUNCTION spot_fund_account(p_user_id uuid, p_asset text, p_amount numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_op uuid := gen_random_uuid();
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'Funding must be positive' USING ERRCODE = 'SK005';
  END IF;
  IF p_asset = 'INR' THEN
    UPDATE users SET balance = balance + p_amount WHERE id = p_user_id;
  ELSE
    PERFORM spot_lock_wallet(p_user_id, p_asset);
    UPDATE wallets SET balance = balance + p_amount, updated_at = now()
     WHERE user_id = p_user_id AND coin_symbol = p_asset;
  END IF;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount)
  VALUES (v_op, 'house_funding', p_asset, 'user', p_user_id, p_amount),
         (v_op, 'house_funding', p_asset, 'house', NULL, -p_amount);
END;
$$;

-- Error codes: SK020 the market's engine moved to another instance (the batch is dropped).
