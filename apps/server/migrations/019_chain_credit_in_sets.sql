-- Issue 15 (bench part 8): credit_chain_deposits credits a whole step's deposits in a few
-- set statements instead of a loop of seven per deposit. Same contract as 017/018: credits
-- every pending deposit with p_confirmations counted from the watcher's cursor whose block is
-- still the recorded one, exactly once, and returns what this call credited.
--
-- Locks: the cursor (share) as before; then every user with something to credit, in id
-- order (every other money function locks one user, so ordered locking of many cannot
-- deadlock with them); then their wallets (by the UPDATE); then the deposits. A deposit
-- another call credited meanwhile is no longer pending when this statement re-reads it under
-- its row lock, and is skipped.
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

  RETURN QUERY
  WITH due AS (
    SELECT d.chain_id, d.tx_hash, d.log_index FROM chain_deposits d
      JOIN chain_blocks b ON b.chain_id = d.chain_id AND b.number = d.block_number
                         AND b.hash = d.block_hash
     WHERE d.chain_id = p_chain_id AND d.status = 'pending' AND d.block_number <= v_last
     ORDER BY d.block_number, d.tx_hash, d.log_index
       FOR UPDATE OF d
  ), credited AS (
    UPDATE chain_deposits d
       SET status = 'credited', credited_amount = trunc(d.amount, 8),
           credited_at = clock_timestamp(), updated_at = clock_timestamp(),
           confirmations = v_tip - d.block_number + 1
      FROM due
     WHERE d.chain_id = due.chain_id AND d.tx_hash = due.tx_hash AND d.log_index = due.log_index
       AND d.status = 'pending'
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
