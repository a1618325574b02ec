-- spot_accept's lookups do not depend on the planner's statistics (issue 17).
--
-- Its statements keep generic plans (025), made at a connection's first call from the
-- statistics of that moment, and kept until the tables are analyzed again. In a young
-- database (nothing analyzed yet: a new installation, and every bench run) three of its
-- lookups were planned as reads that grow with the tables:
--   * the Idempotency-Key, found through the index on (user_id, created_at): every earlier
--     order of the user read to find one key. The planner saw it as good as the unique
--     index on (user_id, idempotency_key), the tables being small when it chose, and it is
--     the smaller index;
--   * the coin's wallets, read whole once per batch and filtered in memory, in the balances
--     query and in the reserving UPDATE.
-- Once the tables are analyzed the planner takes the key lookups, but a plan lives as long as
-- its connection until then. Now:
--   * the uniqueness of a user's Idempotency-Key is a unique index on one expression, the
--     user and the key together, which the balances query looks up; no other index can
--     serve that condition, so there is one plan whatever the statistics say (same rule:
--     a key is one user's once; orders without a key are not in it);
--   * the coin's wallet is a scalar subquery naming both columns of wallets' primary key,
--     and the reserving UPDATE names the batch's users as well, so that whichever way it is
--     planned it reads their wallets only (it read every wallet of the coin).
-- The body is 027's but for those three lookups.

ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_user_id_idempotency_key_key;
CREATE UNIQUE INDEX spot_orders_idempotency_key_idx
  ON spot_orders ((user_id::text || ' ' || idempotency_key))
  WHERE idempotency_key IS NOT NULL;

CREATE OR REPLACE FUNCTION spot_accept(p_market text, p_epoch bigint, p_orders jsonb, p_now timestamptz)
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
           u.kyc_status, u.balance AS inr,
           coalesce((SELECT w.balance FROM wallets w
                      WHERE w.user_id = x."userId" AND w.coin_symbol = m.base), 0) AS coin,
           e.id AS existing_id, e.request_hash AS existing_hash,
           count(*) OVER (PARTITION BY x."userId", x.key) AS key_count,
           x."tokenHash" AS token_hash, s.user_id AS session_user
      FROM ROWS FROM (jsonb_to_recordset(p_orders) AS (id uuid, "userId" uuid, side text,
             type text, "priceTicks" bigint, lots bigint, "quoteAmount" numeric, key text,
             hash text, "tokenHash" text)) WITH ORDINALITY AS x (id, "userId", side, type,
             "priceTicks", lots, "quoteAmount", key, hash, "tokenHash", n)
      LEFT JOIN sessions s ON s.token_hash = x."tokenHash" AND s.expires_at > p_now
      LEFT JOIN users u ON u.id = x."userId"
      LEFT JOIN spot_orders e
        ON e.user_id::text || ' ' || e.idempotency_key = x."userId"::text || ' ' || x.key
       AND e.idempotency_key IS NOT NULL
     ORDER BY x.n
  LOOP
    IF u_id[r.ui] IS NULL THEN
      u_id[r.ui] := r.user_id;
      u_inr0[r.ui] := coalesce(r.inr, 0);
      u_inr[r.ui] := coalesce(r.inr, 0);
      u_coin0[r.ui] := r.coin;
      u_coin[r.ui] := r.coin;
    END IF;
    -- Placed through a session that has ended or expired, or is another user's: signed out.
    -- Nothing is written and nothing is told of the key (checked before it).
    IF r.token_hash IS NOT NULL AND r.session_user IS DISTINCT FROM r.user_id THEN
      o_code[r.n] := 'unauthorized';
      CONTINUE;
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
   WHERE w.user_id = d.id AND w.coin_symbol = m.base AND d.before <> d.after
     AND w.user_id = ANY (v_users);

  RETURN coalesce((
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
             'id', a.id, 'ok', a.code IS NULL, 'code', a.code, 'replayOf', a.replay,
             'maxQuoteUnits', a.units)) ORDER BY a.n)
      FROM ROWS FROM (jsonb_to_recordset(p_orders) AS (id uuid), unnest(o_code),
                      unnest(o_replay), unnest(o_units))
           WITH ORDINALITY AS a (id, code, replay, units, n)), '[]'::jsonb);
END;
$$;

ALTER FUNCTION spot_accept(text, bigint, jsonb, timestamptz)
  SET plan_cache_mode = force_generic_plan SET enable_hashjoin = off SET enable_mergejoin = off
  SET enable_seqscan = off SET enable_bitmapscan = off;
