-- A quick trade in one statement, session and rate limit included (issue 18, ADR 026).
--
-- Until now a quick trade cost three round trips: the auth hook's session lookup, the
-- per-user rate limit's upsert (the shared store of migration 022) and quick_trade. Each was
-- parsed and planned anew by PostgreSQL and written and read by the server. Now the route
-- sends one statement, quick_trade_for_session, which does what the three did, in the same
-- order and with the same answers:
--
--   1. the session: the token's hash, not expired at p_now (the server's clock, as the hook
--      used), else no user (the route answers 401, as before); its "last seen" moves at most
--      once per p_touch_ms (LAST_SEEN_RESOLUTION_MS);
--   2. the user's budget of money requests (RATE_LIMIT_MONEY_PER_MIN): the same counter row
--      of rate_limit_hits, under the same key, as the rate-limit plugin's store
--      (src/http/pg-rate-limit-store.ts), counted the same way; over it, no trade (429);
--   3. quick_trade (015), unchanged: idempotency, KYC, the server's refusal, bounds, trade,
--      stored answer.
--
-- Steps 1 and 2 used to commit on their own before the trade ran, so a refused or failed
-- trade still counted against the budget and still moved "last seen". To keep that, step 3
-- runs in a block that catches its error (a subtransaction: the trade's writes roll back, the
-- count and the touch commit) and returns the error's SQLSTATE and message instead of raising
-- it; the server maps them exactly as it mapped the raised error (src/money/sql-errors.ts).
-- The ledger's deferred balance check still runs at commit, outside the block: an unbalanced
-- operation still fails the whole statement.

-- Steps 1 and 2 alone, for requests refused before the trade (a body that fails validation is
-- still answered 401 for a dead session and counted against the budget, as before).
CREATE FUNCTION quick_trade_gate(
  p_token_hash text,
  p_now timestamptz,
  p_touch_ms integer,
  p_limit_prefix text,
  p_limit_window_ms integer,
  OUT o_user_id uuid,
  OUT o_hits integer,
  OUT o_ttl_ms integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_session_id uuid;
  v_last_seen timestamptz;
  v_touch interval := p_touch_ms * interval '1 millisecond';
BEGIN
  SELECT s.user_id, s.id, s.last_seen_at INTO o_user_id, v_session_id, v_last_seen
    FROM sessions s
   WHERE s.token_hash = p_token_hash AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- src/auth/plugin.ts and sessions.ts touchSession, condition for condition.
  IF p_now - v_last_seen >= v_touch THEN
    UPDATE sessions s SET last_seen_at = p_now
     WHERE s.id = v_session_id AND s.last_seen_at < p_now - v_touch;
  END IF;
  -- pg-rate-limit-store.ts INCR_SQL, key for key (prefix of the route, then money-user:<id>).
  INSERT INTO rate_limit_hits AS h (key, hits, expires_at)
  VALUES (p_limit_prefix || o_user_id::text, 1,
          clock_timestamp() + p_limit_window_ms * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN h.expires_at <= clock_timestamp() THEN 1 ELSE h.hits + 1 END,
    expires_at = CASE WHEN h.expires_at <= clock_timestamp() THEN EXCLUDED.expires_at
                      ELSE h.expires_at END
  RETURNING h.hits,
    GREATEST(0, ceil(extract(epoch FROM h.expires_at - clock_timestamp()) * 1000))::int
  INTO o_hits, o_ttl_ms;
END;
$$;

-- The server prepares this call once per connection (quick_trade_for_session_026): its result
-- columns must never change under this name; another shape is another function.
-- o_user_id null: no live session (nothing written). o_hits > p_limit_max: over the budget
-- (counted, no trade). Otherwise the trade's answer, or the SQLSTATE and message it raised.
CREATE FUNCTION quick_trade_for_session(
  p_token_hash text,
  p_now timestamptz,
  p_touch_ms integer,
  p_limit_prefix text,
  p_limit_max integer,
  p_limit_window_ms integer,
  p_key text,
  p_request_hash text,
  p_side text,
  p_amount numeric,
  p_price numeric,
  p_refused boolean,
  p_min_total numeric,
  p_max_total numeric,
  p_tds_rate numeric
) RETURNS TABLE (
  o_user_id uuid,
  o_hits integer,
  o_ttl_ms integer,
  o_replayed boolean,
  o_status integer,
  o_body jsonb,
  o_error_code text,
  o_error_message text
) LANGUAGE plpgsql AS $$
DECLARE
  g record;
  q record;
BEGIN
  SELECT * INTO g FROM quick_trade_gate(p_token_hash, p_now, p_touch_ms, p_limit_prefix, p_limit_window_ms);
  o_user_id := g.o_user_id;
  o_hits := g.o_hits;
  o_ttl_ms := g.o_ttl_ms;
  IF o_user_id IS NULL OR o_hits > p_limit_max THEN
    RETURN NEXT;
    RETURN;
  END IF;
  BEGIN
    SELECT * INTO q FROM quick_trade(o_user_id, p_key, p_request_hash, p_side, p_amount, p_price,
                                     p_refused, p_min_total, p_max_total, p_tds_rate);
    o_replayed := q.replayed;
    o_status := q.response_status;
    o_body := q.response_body;
  EXCEPTION WHEN OTHERS THEN
    o_error_code := SQLSTATE;
    o_error_message := SQLERRM;
  END;
  RETURN NEXT;
END;
$$;

-- ---------------------------------------------------------------- a sell's entries

-- execute_usdt_sell of 015, its ledger entries written by one INSERT instead of up to three:
-- every INSERT statement evaluates the table's CHECK constraints afresh (their expressions
-- are read from the catalogue for each statement) and fires its own trigger bookkeeping,
-- which cost more than the rows. Same entries, in the same order (so the same ids and
-- balance_after), and still none of ₹0.00 (a net or a TDS of zero writes no entry).
CREATE OR REPLACE FUNCTION execute_usdt_sell(
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
  -- USDT: user −amount / house +amount. INR: house −gross, user +net, tds_payable +tds.
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount)
  SELECT v_trade.id, 'trade_sell', e.asset, e.account, e.user_id, e.amount
    FROM (VALUES (1, 'USDT', 'user', p_user_id, -p_amount),
                 (2, 'USDT', 'house', NULL::uuid, p_amount),
                 (3, 'INR', 'house', NULL::uuid, -v_total),
                 (4, 'INR', 'user', p_user_id, v_total - v_tds),
                 (5, 'INR', 'tds_payable', NULL::uuid, v_tds)) AS e(n, asset, account, user_id, amount)
   WHERE e.amount <> 0
   ORDER BY e.n;
  PERFORM count_trade(p_user_id, 'completed', 'sell');
  RETURN v_trade;
END;
$$;
