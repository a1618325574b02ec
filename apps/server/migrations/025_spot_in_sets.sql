-- The spot exchange's batch functions as set operations (issue 17, ADR 018): a batch of N
-- orders and F fills costs a few statements, each over all of its rows, instead of a handful
-- of statements per order and a dozen per fill. What they compute is 021's, formula for
-- formula (docs/money.md, "Spot fills"); test/support/invariants.ts checks every result.
--
--   spot_accept()  one query reads every order's user, balances and earlier Idempotency-Key;
--                  a loop over those rows (arithmetic only) decides each order in arrival
--                  order; one INSERT writes the accepted orders, one UPDATE per table
--                  reserves their funds.
--   spot_settle()  one statement computes every fill's INR on both sides from each order's
--                  running totals (window functions over the fills in execution order),
--                  writes the fills and their ledger entries (with balance_after), the
--                  orders' new states and both users' balances; it returns the new orders'
--                  answers and sends the batch's NOTIFYs, so a batch needs no other query.
--
-- Lock order as in 021: spot_markets, then users by id, then wallets by user id.

-- ---------------------------------------------------------------- the ledger's triggers

-- spot_settle writes balance_after itself (the running sum of each account over the batch's
-- entries in id order, from the account's last entry); every other writer leaves it to the
-- trigger, as before.
DROP TRIGGER ledger_entries_balance_after ON ledger_entries;
CREATE TRIGGER ledger_entries_balance_after BEFORE INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.balance_after IS NULL)
  EXECUTE FUNCTION ledger_entries_set_balance_after();

-- spot_settle checks its operations balance with one query per batch before it returns (a
-- failure rolls the batch back); the per-row check at commit stays for every other writer.
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.operation_type <> 'spot_fill')
  EXECUTE FUNCTION ledger_entries_check_balanced();

-- ---------------------------------------------------------------- how these functions plan

-- Each statement below touches a batch's few rows of large tables. Their plans are made once
-- (planning the settle statement anew for every batch would cost more than running it) and
-- must stay right however the tables grow: a plan made while spot_orders was young, or
-- without statistics, would otherwise hash or scan a whole table to find a batch's rows. So
-- every table is reached by index from the batch's own rows (nested loops only), and the
-- statements never join two lists of the batch with each other: they zip arrays in step
-- (ROWS FROM) or group a UNION ALL instead, so each costs time linear in the batch.

-- ---------------------------------------------------------------- accept

-- p_orders: a JSON array, in arrival order (seq), of
--   {id, seq, userId, side, type, tif, postOnly, stp, priceTicks?, lots?, quoteAmount?, key?, hash?}
-- userId is the engine's: resolved from the session in this transaction, or the house's own.
-- Returns one JSON object per element, in order:
--   {id, ok: true, maxQuoteUnits?}             accepted: funds reserved, row written
--   {id, ok: false, code, replayOf?}           refused (nothing written), or a replay of an
--                                              earlier order under the same key
-- Never raises for a user's mistake, so one bad order cannot fail its batch.
CREATE OR REPLACE FUNCTION spot_accept(p_market text, p_epoch bigint, p_orders jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m spot_markets;
  r record;
  v_n int := jsonb_array_length(p_orders);
  v_unit numeric;
  v_max_rate numeric;
  v_value numeric;
  v_reserve numeric;
  v_units numeric;
  v_k int;
  v_users uuid[];
  -- Per user of the batch (index: the user's rank in the batch): available at the start, and
  -- what is left after the orders accepted so far.
  u_id uuid[];
  u_inr0 numeric[];
  u_inr numeric[];
  u_coin0 numeric[];
  u_coin numeric[];
  -- Per order, in arrival order: the refusal (null when accepted), what it reserves.
  o_code text[];
  o_replay uuid[];
  o_units numeric[];
  o_reserved numeric[];
  -- Keys sent more than once in this batch: the first accepted order under each.
  d_key text[] := '{}';
  d_id uuid[] := '{}';
  d_hash text[] := '{}';
BEGIN
  SELECT * INTO m FROM spot_markets WHERE symbol = p_market FOR NO KEY UPDATE;
  IF NOT FOUND OR m.epoch <> p_epoch THEN
    RAISE EXCEPTION 'Market % is run by another engine', p_market USING ERRCODE = 'SK020';
  END IF;
  v_unit := m.tick_size * m.lot_size;
  v_max_rate := greatest(m.maker_fee, m.taker_fee);
  -- Arrays made at their full size: assigning element k of an empty array would make an
  -- array that starts at k.
  o_code := array_fill(NULL::text, ARRAY[v_n]);
  o_replay := array_fill(NULL::uuid, ARRAY[v_n]);
  o_units := array_fill(NULL::numeric, ARRAY[v_n]);
  o_reserved := array_fill(NULL::numeric, ARRAY[v_n]);
  u_id := array_fill(NULL::uuid, ARRAY[v_n]);
  u_inr0 := array_fill(NULL::numeric, ARRAY[v_n]);
  u_inr := array_fill(NULL::numeric, ARRAY[v_n]);
  u_coin0 := array_fill(NULL::numeric, ARRAY[v_n]);
  u_coin := array_fill(NULL::numeric, ARRAY[v_n]);
  -- The batch's users, then their wallets of the coin, locked in id order (as every writer).
  v_users := ARRAY(SELECT DISTINCT (e->>'userId')::uuid FROM jsonb_array_elements(p_orders) AS e
                    ORDER BY 1);
  PERFORM 1 FROM users WHERE id = ANY (v_users) ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM wallets WHERE user_id = ANY (v_users) AND coin_symbol = m.base
   ORDER BY user_id FOR NO KEY UPDATE;

  FOR r IN
    SELECT x.n::int AS n, x.id, x."userId" AS user_id, x.side, x.type,
           x."priceTicks" AS price_ticks, x.lots, x."quoteAmount" AS quote_amount, x.key, x.hash,
           dense_rank() OVER (ORDER BY x."userId")::int AS ui,
           u.kyc_status, u.balance AS inr, coalesce(w.balance, 0) AS coin,
           e.id AS existing_id, e.request_hash AS existing_hash,
           count(*) OVER (PARTITION BY x."userId", x.key) AS key_count
      FROM ROWS FROM (jsonb_to_recordset(p_orders) AS (id uuid, "userId" uuid, side text,
             type text, "priceTicks" bigint, lots bigint, "quoteAmount" numeric, key text,
             hash text)) WITH ORDINALITY AS x (id, "userId", side, type, "priceTicks", lots,
             "quoteAmount", key, hash, n)
      LEFT JOIN users u ON u.id = x."userId"
      LEFT JOIN wallets w ON w.user_id = x."userId" AND w.coin_symbol = m.base
      LEFT JOIN spot_orders e ON e.user_id = x."userId" AND e.idempotency_key = x.key
     ORDER BY x.n
  LOOP
    IF u_id[r.ui] IS NULL THEN
      u_id[r.ui] := r.user_id;
      u_inr0[r.ui] := coalesce(r.inr, 0);
      u_inr[r.ui] := coalesce(r.inr, 0);
      u_coin0[r.ui] := r.coin;
      u_coin[r.ui] := r.coin;
    END IF;
    -- An Idempotency-Key seen before: the earlier order is the answer (or a conflict).
    IF r.existing_id IS NOT NULL THEN
      o_code[r.n] := CASE WHEN r.existing_hash = r.hash THEN 'replay' ELSE 'idempotency_conflict' END;
      o_replay[r.n] := r.existing_id;
      CONTINUE;
    END IF;
    IF r.key IS NOT NULL AND r.key_count > 1 THEN
      v_k := array_position(d_key, r.user_id::text || ' ' || r.key);
      IF v_k IS NOT NULL THEN
        o_code[r.n] := CASE WHEN d_hash[v_k] = r.hash THEN 'replay' ELSE 'idempotency_conflict' END;
        o_replay[r.n] := d_id[v_k];
        CONTINUE;
      END IF;
    END IF;
    IF r.kyc_status IS DISTINCT FROM 'verified' THEN
      o_code[r.n] := 'kyc_required';
      CONTINUE;
    END IF;
    v_units := NULL;
    IF r.side = 'buy' THEN
      IF r.type = 'limit' THEN
        v_value := r.price_ticks::numeric * r.lots * v_unit;
        v_reserve := spot_ceil2(v_value) + spot_ceil2(v_value * v_max_rate);
      ELSE
        -- A market buy reserves its INR total, or everything available when given by
        -- quantity; the engine stops before the fills' value could exceed what that pays
        -- for after rounding and the taker fee.
        v_reserve := coalesce(r.quote_amount, u_inr[r.ui]);
        v_units := floor(trunc(greatest(v_reserve - 0.01, 0) / (1 + m.taker_fee), 2) / v_unit);
        IF v_units < 1 THEN
          o_code[r.n] := 'insufficient_funds';
          CONTINUE;
        END IF;
      END IF;
      IF v_reserve > u_inr[r.ui] THEN
        o_code[r.n] := 'insufficient_funds';
        CONTINUE;
      END IF;
      u_inr[r.ui] := u_inr[r.ui] - v_reserve;
    ELSE
      v_reserve := r.lots * m.lot_size;
      IF v_reserve > u_coin[r.ui] THEN
        o_code[r.n] := 'insufficient_funds';
        CONTINUE;
      END IF;
      u_coin[r.ui] := u_coin[r.ui] - v_reserve;
    END IF;
    o_reserved[r.n] := v_reserve;
    o_units[r.n] := v_units;
    IF r.key IS NOT NULL AND r.key_count > 1 THEN
      d_key := d_key || (r.user_id::text || ' ' || r.key);
      d_id := d_id || r.id;
      d_hash := d_hash || r.hash;
    END IF;
  END LOOP;

  -- The accepted orders (those with a reservation), zipped in step with the request.
  -- Written 'open': the rest of the batch (spot_settle) changes only the orders that fill or
  -- close, so an order that rests untouched is written once.
  INSERT INTO spot_orders (id, market, seq, user_id, side, type, time_in_force, post_only, stp,
                           price_ticks, lots, quote_amount, maker_fee, taker_fee, tds_rate,
                           reserved, idempotency_key, request_hash, status)
  SELECT x.id, p_market, x.seq, x."userId", x.side, x.type, x.tif, x."postOnly", x.stp,
         x."priceTicks", x.lots, x."quoteAmount", m.maker_fee, m.taker_fee, m.tds_rate,
         x.reserved, x.key, x.hash, 'open'
    FROM ROWS FROM (jsonb_to_recordset(p_orders) AS (id uuid, seq bigint, "userId" uuid,
           side text, type text, tif text, "postOnly" boolean, stp text, "priceTicks" bigint,
           lots bigint, "quoteAmount" numeric, key text, hash text),
         unnest(o_reserved))
         AS x (id, seq, "userId", side, type, tif, "postOnly", stp, "priceTicks", lots,
               "quoteAmount", key, hash, reserved)
   WHERE x.reserved IS NOT NULL;
  UPDATE users u SET balance = u.balance - (d.before - d.after),
                     inr_reserved = u.inr_reserved + (d.before - d.after)
    FROM unnest(u_id, u_inr0, u_inr) AS d (id, before, after)
   WHERE u.id = d.id AND d.before <> d.after;
  UPDATE wallets w SET balance = w.balance - (d.before - d.after),
                       reserved = w.reserved + (d.before - d.after), updated_at = now()
    FROM unnest(u_id, u_coin0, u_coin) AS d (id, before, after)
   WHERE w.user_id = d.id AND w.coin_symbol = m.base AND d.before <> d.after;

  RETURN coalesce((
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
             'id', a.id, 'ok', a.code IS NULL, 'code', a.code, 'replayOf', a.replay,
             'maxQuoteUnits', a.units)) ORDER BY a.n)
      FROM ROWS FROM (jsonb_to_recordset(p_orders) AS (id uuid), unnest(o_code),
                      unnest(o_replay), unnest(o_units))
           WITH ORDINALITY AS a (id, code, replay, units, n)), '[]'::jsonb);
END;
$$;

-- ---------------------------------------------------------------- settle

-- p_fills:  [{taker, maker, priceTicks, lots}] in execution order
-- p_orders: [{id, status, reason?, filledLots, answer?}] the state the engine left every
--           touched order in; a closed order's remaining reservation returns to the available
--           balance. Those marked answer (the batch's new orders) are returned with their
--           fills, as the API answers them (the columns of queries.ts).
-- p_channels, p_payloads: the batch's NOTIFYs, sent at commit
-- Raises (and so rolls the whole batch back) on any disagreement with the engine.
DROP FUNCTION spot_settle(text, bigint, jsonb, jsonb);
DROP FUNCTION spot_fill(spot_markets, uuid, uuid, bigint, bigint);
CREATE FUNCTION spot_settle(p_market text, p_epoch bigint, p_fills jsonb, p_orders jsonb,
                            p_channels text[], p_payloads text[])
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m spot_markets;
  v_now timestamptz := clock_timestamp();
  f_taker uuid[];
  f_maker uuid[];
  f_ticks bigint[];
  f_lots bigint[];
  v_ids uuid[];
  v_users uuid[];
  v_fills int;
  v_orders int;
  v_made int;
  v_updated int;
  v_overspent int;
  v_unlisted int;
  v_unbalanced int;
  v_out jsonb;
BEGIN
  SELECT * INTO m FROM spot_markets WHERE symbol = p_market FOR NO KEY UPDATE;
  IF NOT FOUND OR m.epoch <> p_epoch THEN
    RAISE EXCEPTION 'Market % is run by another engine', p_market USING ERRCODE = 'SK020';
  END IF;
  SELECT coalesce(array_agg(f.taker ORDER BY f.n), '{}'), coalesce(array_agg(f.maker ORDER BY f.n), '{}'),
         coalesce(array_agg(f.ticks ORDER BY f.n), '{}'), coalesce(array_agg(f.lots ORDER BY f.n), '{}')
    INTO f_taker, f_maker, f_ticks, f_lots
    FROM ROWS FROM (jsonb_to_recordset(p_fills) AS (taker uuid, maker uuid, "priceTicks" bigint,
                                                    lots bigint))
         WITH ORDINALITY AS f (taker, maker, ticks, lots, n);
  v_fills := coalesce(array_length(f_taker, 1), 0);
  v_orders := jsonb_array_length(p_orders);
  v_ids := f_taker || f_maker
           || ARRAY(SELECT (e->>'id')::uuid FROM jsonb_array_elements(p_orders) AS e);
  -- Every order named is of this market (checked once here, so no query below filters by
  -- market).
  IF EXISTS (SELECT 1 FROM spot_orders WHERE id = ANY (v_ids) AND market <> p_market) THEN
    RAISE EXCEPTION 'Batch of % names another market''s order', p_market USING ERRCODE = 'SK003';
  END IF;
  -- Every user the batch touches, then the buyers' wallets of the coin (made on a first fill)
  -- and every touched wallet, locked in id order before any is updated.
  v_users := ARRAY(SELECT DISTINCT user_id FROM spot_orders WHERE id = ANY (v_ids) ORDER BY 1);
  PERFORM 1 FROM users WHERE id = ANY (v_users) ORDER BY id FOR NO KEY UPDATE;
  IF v_fills > 0 THEN
    INSERT INTO wallets (user_id, coin_symbol)
    SELECT DISTINCT user_id, m.base FROM spot_orders
     WHERE id = ANY (f_taker || f_maker) AND side = 'buy'
     ORDER BY 1
    ON CONFLICT DO NOTHING;
  END IF;
  PERFORM 1 FROM wallets WHERE user_id = ANY (v_users) AND coin_symbol = m.base
   ORDER BY user_id FOR NO KEY UPDATE;

  WITH f AS (
    SELECT * FROM unnest(f_taker, f_maker, f_ticks, f_lots) WITH ORDINALITY AS f (taker, maker, ticks, lots, n)
  ),
  -- Each fill seen from each of its two orders.
  legs AS (
    SELECT l.n, l.is_taker, o.id AS order_id, o.user_id, o.side, l.ticks, l.lots,
           l.ticks * m.tick_size AS price, l.lots * m.lot_size AS qty,
           (l.ticks * m.tick_size) * (l.lots * m.lot_size) AS value,
           CASE WHEN l.is_taker THEN o.taker_fee ELSE o.maker_fee END AS rate,
           o.value_exact, o.fee_exact, o.inr_value, o.fee, o.tds, o.tds_rate
      FROM (SELECT n, taker AS id, true AS is_taker, ticks, lots FROM f
            UNION ALL SELECT n, maker, false, ticks, lots FROM f) AS l
      JOIN spot_orders o ON o.id = l.id
  ),
  -- Each order's running totals after each of its fills in execution order: exact value and
  -- fee, and what is rounded from them (a buyer pays ceil of its value and fee, a seller
  -- receives floor of its value less ceil of its fee and of the TDS on it).
  run AS (
    SELECT l.*,
           l.value_exact + sum(l.value) OVER w AS cum_value,
           l.fee_exact + sum(l.value * l.rate) OVER w AS cum_fee
      FROM legs l
    WINDOW w AS (PARTITION BY l.order_id ORDER BY l.n ROWS UNBOUNDED PRECEDING)
  ),
  totals AS (
    SELECT r.*,
           CASE WHEN r.side = 'buy' THEN spot_ceil2(r.cum_value) ELSE spot_floor2(r.cum_value) END
             AS inr_total,
           spot_ceil2(r.cum_fee) AS fee_total,
           CASE WHEN r.side = 'sell' THEN spot_ceil2(spot_floor2(r.cum_value) * r.tds_rate) ELSE 0 END
             AS tds_total
      FROM run r
  ),
  -- What each leg moves: the change of its order's rounded totals.
  d AS (
    SELECT t.*,
           t.inr_total - coalesce(lag(t.inr_total) OVER w, t.inr_value) AS d_inr,
           t.fee_total - coalesce(lag(t.fee_total) OVER w, t.fee) AS d_fee,
           t.tds_total - coalesce(lag(t.tds_total) OVER w, t.tds) AS d_tds
      FROM totals t
    WINDOW w AS (PARTITION BY t.order_id ORDER BY t.n)
  ),
  -- One row per fill: its two legs grouped (a buy and a sell of two users, or nothing).
  fills AS MATERIALIZED (
    SELECT g.*, gen_random_uuid() AS id FROM (
      SELECT d.n, min(d.ticks) AS ticks, min(d.lots) AS lots, min(d.price) AS price,
             min(d.qty) AS qty, min(d.value) AS value,
             (array_agg(d.order_id) FILTER (WHERE d.side = 'buy'))[1] AS buy_id,
             (array_agg(d.order_id) FILTER (WHERE d.side = 'sell'))[1] AS sell_id,
             (array_agg(d.user_id) FILTER (WHERE d.side = 'buy'))[1] AS buyer,
             (array_agg(d.user_id) FILTER (WHERE d.side = 'sell'))[1] AS seller,
             (array_agg(d.order_id) FILTER (WHERE d.is_taker))[1] AS taker_id,
             (array_agg(d.order_id) FILTER (WHERE NOT d.is_taker))[1] AS maker_id,
             (array_agg(d.side) FILTER (WHERE d.is_taker))[1] AS taker_side,
             sum(d.d_inr) FILTER (WHERE d.side = 'buy') AS buyer_paid,
             sum(d.d_fee) FILTER (WHERE d.side = 'buy') AS buyer_fee,
             sum(d.d_inr) FILTER (WHERE d.side = 'sell') AS seller_received,
             sum(d.d_fee) FILTER (WHERE d.side = 'sell') AS seller_fee,
             sum(d.d_tds) FILTER (WHERE d.side = 'sell') AS seller_tds,
             count(*) FILTER (WHERE d.side = 'buy') AS buys,
             count(*) FILTER (WHERE d.side = 'sell') AS sells
        FROM d GROUP BY d.n) g
     WHERE g.buys = 1 AND g.sells = 1 AND g.buyer <> g.seller
  ),
  made AS (
    INSERT INTO spot_fills (id, market, taker_order_id, maker_order_id, taker_side, price_ticks,
                            lots, price, quantity, value, buyer_paid, buyer_fee,
                            seller_received, seller_fee, seller_tds, created_at)
    SELECT id, p_market, taker_id, maker_id, taker_side, ticks, lots, price, qty, value,
           buyer_paid, buyer_fee, seller_received, seller_fee, seller_tds, v_now
      FROM fills ORDER BY n
    RETURNING 1
  ),
  -- A fill's ledger (021): base buyer +q, seller −q; INR buyer −(paid + fee), seller
  -- +(received − fee − TDS), house the rest, tds_payable the TDS.
  entries AS (
    SELECT f.n, e.k, f.id AS op, e.asset, e.account, e.user_id, e.amount
      FROM fills f
     CROSS JOIN LATERAL (VALUES
             (1, m.base, 'user', f.buyer, f.qty),
             (2, m.base, 'user', f.seller, -f.qty),
             (3, 'INR', 'user', f.buyer, -(f.buyer_paid + f.buyer_fee)),
             (4, 'INR', 'user', f.seller, f.seller_received - f.seller_fee - f.seller_tds),
             (5, 'INR', 'house', NULL::uuid,
                 (f.buyer_paid - f.seller_received) + f.buyer_fee + f.seller_fee),
             (6, 'INR', 'tds_payable', NULL::uuid, f.seller_tds))
           AS e (k, asset, account, user_id, amount)
     WHERE e.amount <> 0
  ),
  -- balance_after: each user account's last entry (as the trigger reads it) plus the running
  -- sum of the batch's entries in insertion (id) order.
  booked AS (
    INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount,
                                balance_after)
    SELECT e.op, 'spot_fill', e.asset, e.account, e.user_id, e.amount,
           CASE WHEN e.user_id IS NOT NULL THEN
             coalesce((SELECT l.balance_after FROM ledger_entries l
                        WHERE l.user_id >= e.user_id AND l.user_id <= e.user_id
                          AND l.asset = e.asset AND l.account = 'user'
                        ORDER BY l.user_id DESC, l.asset DESC, l.id DESC LIMIT 1), 0)
             + sum(e.amount) OVER (PARTITION BY e.user_id, e.asset ORDER BY e.n, e.k)
           END
      FROM entries e
     ORDER BY e.n, e.k
    RETURNING 1
  ),
  -- Every touched order: the engine's state of it and what its fills moved, grouped.
  touched AS (
    SELECT t.id, max(t.status) AS status, max(t.reason) AS reason, max(t.filled) AS filled,
           bool_or(t.answer) AS answer, count(t.status) AS listed,
           sum(t.lots) AS lots, sum(t.value) AS value, sum(t.fee_exact) AS fee_exact,
           sum(t.inr) AS inr, sum(t.fee) AS fee, sum(t.tds) AS tds, sum(t.used) AS used
      FROM (SELECT x.id, x.status, x.reason, x."filledLots" AS filled,
                   coalesce(x.answer, false) AS answer, 0 AS lots, 0 AS value, 0 AS fee_exact,
                   0 AS inr, 0 AS fee, 0 AS tds, 0 AS used
              FROM jsonb_to_recordset(p_orders)
                   AS x (id uuid, status text, reason text, "filledLots" bigint, answer boolean)
            UNION ALL
            SELECT d.order_id, NULL, NULL, NULL, false, d.lots, d.value, d.value * d.rate,
                   d.d_inr, d.d_fee, d.d_tds,
                   CASE WHEN d.side = 'buy' THEN d.d_inr + d.d_fee ELSE d.qty END
              FROM d) t
     GROUP BY t.id
  ),
  -- As each was, with what a close releases; an order closed already, or whose fills differ
  -- from the engine's count, is left out (and so fails the batch below).
  was AS (
    SELECT t.id, t.status, t.reason, t.answer, t.lots, t.value, t.fee_exact, t.inr, t.fee,
           t.tds, o.user_id, o.side, o.reserved - t.used AS left_reserved,
           t.status IN ('filled', 'cancelled') AS closes,
           t.lots <> 0 OR t.status IS DISTINCT FROM o.status
             OR t.reason IS DISTINCT FROM o.cancel_reason AS changes,
           -- The order as the batch leaves it (the answer of a new one).
           o.market, o.type, o.price_ticks, o.lots AS order_lots, o.quote_amount,
           o.filled_lots + t.lots AS new_filled, o.value_exact + t.value AS new_value_exact,
           o.inr_value + t.inr AS new_inr_value, o.fee + t.fee AS new_fee,
           o.tds + t.tds AS new_tds, o.time_in_force, o.post_only, o.created_at, o.updated_at
      FROM touched t JOIN spot_orders o ON o.id = t.id
     WHERE t.listed > 0 AND o.status NOT IN ('filled', 'cancelled')
       AND o.filled_lots + t.lots = t.filled
  ),
  moved AS (
    UPDATE spot_orders o
       SET filled_lots = o.filled_lots + w.lots,
           value_exact = o.value_exact + w.value,
           fee_exact = o.fee_exact + w.fee_exact,
           inr_value = o.inr_value + w.inr,
           fee = o.fee + w.fee,
           tds = o.tds + w.tds,
           reserved = CASE WHEN w.closes THEN 0 ELSE w.left_reserved END,
           status = w.status, cancel_reason = w.reason, updated_at = v_now
      FROM was w WHERE o.id = w.id AND w.changes
    RETURNING 1
  ),
  inr AS (
    SELECT user_id, sum(d_balance) AS d_balance, sum(d_reserved) AS d_reserved FROM (
      SELECT buyer AS user_id, 0 AS d_balance, -(buyer_paid + buyer_fee) AS d_reserved FROM fills
      UNION ALL
      SELECT seller, seller_received - seller_fee - seller_tds, 0 FROM fills
      UNION ALL
      SELECT user_id, left_reserved, -left_reserved FROM was
       WHERE side = 'buy' AND closes AND left_reserved > 0) x
     GROUP BY user_id
  ),
  users_moved AS (
    UPDATE users u SET balance = u.balance + i.d_balance, inr_reserved = u.inr_reserved + i.d_reserved
      FROM inr i WHERE u.id = i.user_id AND (i.d_balance <> 0 OR i.d_reserved <> 0)
    RETURNING 1
  ),
  coins AS (
    SELECT user_id, sum(d_balance) AS d_balance, sum(d_reserved) AS d_reserved FROM (
      SELECT buyer AS user_id, qty AS d_balance, 0 AS d_reserved FROM fills
      UNION ALL
      SELECT seller, 0, -qty FROM fills
      UNION ALL
      SELECT user_id, left_reserved, -left_reserved FROM was
       WHERE side = 'sell' AND closes AND left_reserved > 0) x
     GROUP BY user_id
  ),
  wallets_moved AS (
    UPDATE wallets w SET balance = w.balance + c.d_balance, reserved = w.reserved + c.d_reserved,
                         updated_at = now()
      FROM coins c
     WHERE w.user_id = c.user_id AND w.coin_symbol = m.base
       AND (c.d_balance <> 0 OR c.d_reserved <> 0)
    RETURNING 1
  ),
  -- The answers: each new order's row, and its fills as that order saw them.
  answer_parts AS (
    SELECT w.id, 0 AS kind, 0::bigint AS n, jsonb_build_object(
             'id', w.id, 'market', w.market, 'side', w.side, 'type', w.type,
             'price_ticks', w.price_ticks::text, 'lots', w.order_lots::text,
             'quote_amount', w.quote_amount::text, 'filled_lots', w.new_filled::text,
             'average_price', CASE WHEN w.new_filled > 0
                 THEN trim_scale(round(w.new_value_exact / (w.new_filled * m.lot_size), 8))::text END,
             'inr_value', w.new_inr_value::numeric(20, 2)::text,
             'fee', w.new_fee::numeric(20, 2)::text, 'tds', w.new_tds::numeric(20, 2)::text,
             'status', w.status, 'time_in_force', w.time_in_force, 'post_only', w.post_only,
             'cancel_reason', w.reason,
             'created_at', to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'updated_at', to_char(CASE WHEN w.changes THEN v_now ELSE w.updated_at END
                                   AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             AS j
      FROM was w WHERE w.answer
    UNION ALL
    SELECT s.order_id, 1, f.n, jsonb_build_object(
             'id', f.id, 'price_ticks', f.ticks::text, 'lots', f.lots::text,
             'value', trim_scale(f.value)::text, 'fee', s.fee::numeric(20, 2)::text,
             'tds', s.tds::numeric(20, 2)::text,
             'liquidity', CASE WHEN f.taker_id = s.order_id THEN 'taker' ELSE 'maker' END,
             'created_at', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      FROM fills f
     CROSS JOIN LATERAL (VALUES (f.buy_id, f.buyer_fee, 0::numeric),
                                (f.sell_id, f.seller_fee, f.seller_tds)) AS s (order_id, fee, tds)
  )
  SELECT (SELECT count(*) FROM made), (SELECT count(*) FROM was) + 0 * (SELECT count(*) FROM moved),
         (SELECT count(*) FROM was WHERE left_reserved < 0),
         (SELECT count(*) FROM touched WHERE listed = 0),
         (SELECT count(*) FROM (SELECT 1 FROM entries GROUP BY op, asset HAVING sum(amount) <> 0) x),
         (SELECT count(*) FROM booked) + (SELECT count(*) FROM users_moved)
           + (SELECT count(*) FROM wallets_moved),
         (SELECT jsonb_agg(g.o || jsonb_build_object('fills', coalesce(g.fills, '[]'::jsonb)))
            FROM (SELECT (jsonb_agg(a.j) FILTER (WHERE a.kind = 0)) -> 0 AS o,
                         jsonb_agg(a.j ORDER BY a.n) FILTER (WHERE a.kind = 1) AS fills
                    FROM answer_parts a GROUP BY a.id HAVING bool_or(a.kind = 0)) g)
    INTO v_made, v_updated, v_overspent, v_unlisted, v_unbalanced, v_fills, v_out;

  IF v_made <> coalesce(array_length(f_taker, 1), 0) OR v_updated <> v_orders
     OR v_overspent > 0 OR v_unlisted > 0 OR v_unbalanced > 0 THEN
    RAISE EXCEPTION 'Batch of % disagrees with the engine (% of % fills, % of % orders, % overspent, % unlisted, % unbalanced)',
      p_market, v_made, coalesce(array_length(f_taker, 1), 0), v_updated, v_orders, v_overspent,
      v_unlisted, v_unbalanced USING ERRCODE = 'SK003';
  END IF;
  PERFORM pg_notify(c, p) FROM unnest(p_channels, p_payloads) AS n (c, p);
  RETURN coalesce(v_out, '[]'::jsonb);
END;
$$;

ALTER FUNCTION spot_accept(text, bigint, jsonb)
  SET plan_cache_mode = force_generic_plan SET enable_hashjoin = off SET enable_mergejoin = off
  SET enable_seqscan = off SET enable_bitmapscan = off;
ALTER FUNCTION spot_settle(text, bigint, jsonb, jsonb, text[], text[])
  SET plan_cache_mode = force_generic_plan SET enable_hashjoin = off SET enable_mergejoin = off
  SET enable_seqscan = off SET enable_bitmapscan = off;
