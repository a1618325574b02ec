-- Issue 15 (bench part 8): credit_chain_deposits credits a whole step's deposits in a few
-- set statements instead of a loop of seven per deposit. Same contract as 017/018: credits
-- every pending deposit with p_confirmations counted from the watcher's cursor whose block is
-- still the recorded one, exactly once, and returns what this call credited.
--
-- Locks: the cursor (share) as before; then every user with something to credit, in id
-- order (every other money function locks one user, so ordered locking of many cannot
-- deadlock with them); then the deposits, in 017's order; then their wallets (by the
-- UPDATE), all behind the users' locks. A deposit another call credited meanwhile is no
-- longer pending when it is re-read under its row lock, and is skipped.
CREATE OR REPLACE FUNCTION credit_chain_deposits(p_chain_id bigint, p_confirmations integer)
RETURNS SETOF chain_deposits LANGUAGE plpgsql AS $$
DECLARE
  v_tip bigint;
  v_last bigint;
BEGIN
  IF p_confirmations IS NULL OR p_confirmations < 1 THEN
    RAISE EXCEPTION 'Confirmations must be at least 1' USING ERRCODE = 'SK005';
  END IF;
  SELECT k.block_number INTO v_tip FROM chain_cursor k WHERE k.chain_id = p_chain_id FOR SHARE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_last := v_tip - p_confirmations + 1;
  PERFORM 1 FROM users u
   WHERE u.id IN (SELECT d.user_id FROM chain_deposits d
                   WHERE d.chain_id = p_chain_id AND d.status = 'pending' AND d.block_number <= v_last)
   ORDER BY u.id
     FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- ETH has no wallet row until its first credit.
  INSERT INTO wallets (user_id, coin_symbol)
  SELECT DISTINCT d.user_id, d.asset FROM chain_deposits d
   WHERE d.chain_id = p_chain_id AND d.status = 'pending' AND d.block_number <= v_last
  ON CONFLICT DO NOTHING;

  -- The deposits, locked in the order of 017's loop. One re-read under its lock skips a
  -- deposit another call credited (or the watcher orphaned) meanwhile.
  PERFORM 1 FROM chain_deposits d
    JOIN chain_blocks b ON b.chain_id = d.chain_id AND b.number = d.block_number
                       AND b.hash = d.block_hash
   WHERE d.chain_id = p_chain_id AND d.status = 'pending' AND d.block_number <= v_last
   ORDER BY d.block_number, d.tx_hash, d.log_index
     FOR UPDATE OF d;

  -- The UPDATE selects its rows itself, not by joining a CTE of keys: with the statistics of
  -- a young table (a CTE is estimated at one row) that join became a nested loop probing the
  -- pending index once per deposit, each probe reading every pending row: O(n²), 2 s for
  -- 5,000 deposits (bench part 8).
  RETURN QUERY
  WITH credited AS (
    UPDATE chain_deposits d
       SET status = 'credited', credited_amount = trunc(d.amount, 8),
           credited_at = clock_timestamp(), updated_at = clock_timestamp(),
           confirmations = v_tip - d.block_number + 1
      FROM chain_blocks b
     WHERE d.chain_id = p_chain_id AND d.status = 'pending' AND d.block_number <= v_last
       AND b.chain_id = d.chain_id AND b.number = d.block_number AND b.hash = d.block_hash
    RETURNING d.*
  ), wallets_credited AS (
    UPDATE wallets w SET balance = w.balance + s.total, updated_at = now()
      FROM (SELECT c.user_id, c.asset, sum(c.credited_amount) AS total
              FROM credited c GROUP BY c.user_id, c.asset) s
     WHERE w.user_id = s.user_id AND w.coin_symbol = s.asset
    RETURNING 1
  ), ledger AS (
    INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount)
    SELECT c.id, 'chain_deposit', c.asset, e.account, e.user_id, e.amount
      FROM credited c
     CROSS JOIN LATERAL (VALUES ('user', c.user_id, c.credited_amount),
                                ('chain_clearing', NULL::uuid, -c.credited_amount))
           AS e(account, user_id, amount)
     ORDER BY c.block_number, c.tx_hash, c.log_index, e.account DESC
    RETURNING 1
  )
  -- The wallet and ledger statements run to completion whether or not they are read.
  SELECT c.* FROM credited c ORDER BY c.block_number, c.tx_hash, c.log_index;
END;
$$;

-- ---------------------------------------------------------------- per-row work of a batch

-- 015's balance_after lookup, planned while ledger_entries is small (a young installation:
-- statistics of a nearly empty table), became a sequential scan and sort of the whole table
-- per inserted entry, so one batch of n entries cost O(n²): 2.2 s of 2.4 s for 5,000
-- deposits (bench part 8). Its one good plan is the backward walk of
-- ledger_entries_user_asset_id_idx; the planner is told so for this function only. Same
-- function, same result: only the plan is pinned.
ALTER FUNCTION ledger_entries_set_balance_after() SET enable_seqscan = off;

-- 018's crypto_activity notice on chain_deposits, once per statement instead of once per
-- row: a batch's rows are read from the statement's transition table and each user is
-- notified once (NOTIFY sends duplicates within a transaction once anyway). Same contract:
-- every user whose chain_deposits row is inserted or updated is notified at commit.
-- A transition table serves one event only, hence two triggers. chain_withdrawals keeps the
-- row trigger of 018 (one row per statement there).
CREATE FUNCTION notify_crypto_activity_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crypto_activity', u.user_id::text)
     FROM (SELECT DISTINCT n.user_id FROM changed n) u;
  RETURN NULL;
END;
$$;
DROP TRIGGER chain_deposits_notify ON chain_deposits;
CREATE TRIGGER chain_deposits_notify_insert AFTER INSERT ON chain_deposits
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_crypto_activity_rows();
CREATE TRIGGER chain_deposits_notify_update AFTER UPDATE ON chain_deposits
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_crypto_activity_rows();
