-- Issue 15 (ADR 016): ETH deposits credited, and crypto withdrawals of USDT and ETH from the
-- hot wallet.
--
--   wallets.held                  coins held by the user's crypto withdrawals in flight
--   chain_deposits.credited_amount what a deposit put in the wallet: ETH cut to 8 places
--   chain_withdrawals             one row per request: pending → approved → signed →
--                                 broadcast → completed, or rejected / cancelled / failed
--   chain_nonces                  the hot wallet's next nonce, kept here, not asked of a node
--
-- Ledger of a withdrawal (asset = the withdrawal's, total = amount + fee):
--   chain_withdrawal_hold     user −total, user_held +total                  (request)
--   chain_withdrawal_release  user_held −total, user +total                  (cancel, reject, failed)
--   chain_withdrawal_payout   user_held −total, chain_clearing +amount, house +fee (completed)
-- chain_clearing is the coins on chain the users own through Sikka, with the sign of a
-- liability: a deposit −amount, a payout +amount. The network's gas is paid by the hot wallet
-- in ETH and is the house's cost, outside the ledger (like a bank's charges).
--
-- Lock order everywhere: users, wallets, then the withdrawal (as 014's INR withdrawals).

-- ---------------------------------------------------------------- ledger

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_asset_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_asset_check
  CHECK (asset IN ('INR', 'USDT', 'ETH'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_operation_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_operation_type_check CHECK (
  operation_type IN ('deposit', 'trade_buy', 'trade_sell',
                     'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout',
                     'chain_deposit',
                     'chain_withdrawal_hold', 'chain_withdrawal_release', 'chain_withdrawal_payout')
);

-- ---------------------------------------------------------------- wallets

ALTER TABLE wallets ADD COLUMN held numeric(30, 8) NOT NULL DEFAULT 0
  CONSTRAINT wallets_held_check CHECK (held >= 0);

-- Balance events (003) also when only the held coins change (a payout completes).
CREATE OR REPLACE FUNCTION notify_wallet_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.balance IS NOT DISTINCT FROM NEW.balance
     AND OLD.held IS NOT DISTINCT FROM NEW.held AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('balance_changed', NEW.user_id::text);
  RETURN NULL;
END;
$$;

-- The user's row, then their wallet of p_asset (made on first use: ETH has none until then),
-- both locked; KYC must be verified (lock_user_balances, SK011).
CREATE FUNCTION lock_crypto_wallet(p_user_id uuid, p_asset text) RETURNS wallets
LANGUAGE plpgsql AS $$
DECLARE
  v_w wallets;
BEGIN
  IF p_asset IS NULL OR p_asset NOT IN ('USDT', 'ETH') THEN
    RAISE EXCEPTION 'Unknown asset %', p_asset USING ERRCODE = 'SK005';
  END IF;
  PERFORM lock_user_balances(p_user_id);
  INSERT INTO wallets (user_id, coin_symbol) VALUES (p_user_id, p_asset) ON CONFLICT DO NOTHING;
  SELECT * INTO v_w FROM wallets w
   WHERE w.user_id = p_user_id AND w.coin_symbol = p_asset FOR NO KEY UPDATE;
  RETURN v_w;
END;
$$;

-- ---------------------------------------------------------------- ETH deposits

-- Credited ETH is cut to the wallet's 8 places (the house keeps the dust, which stays on the
-- deposit address); USDT has 6 and is credited exactly.
ALTER TABLE chain_deposits ADD COLUMN credited_amount numeric(30, 8);
ALTER TABLE chain_deposits DISABLE TRIGGER chain_deposits_credited_final;
UPDATE chain_deposits SET credited_amount = amount WHERE status = 'credited';
-- ETH recorded before this migration could not be credited: it can be now, where its block
-- is still the recorded one (crediting checks that) and it is worth at least 10^-8 ETH.
UPDATE chain_deposits SET status = 'pending', updated_at = clock_timestamp()
 WHERE status = 'unsupported' AND asset = 'ETH' AND trunc(amount, 8) > 0;
ALTER TABLE chain_deposits ENABLE TRIGGER chain_deposits_credited_final;
ALTER TABLE chain_deposits DROP CONSTRAINT chain_deposits_creditable;
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_creditable CHECK (
  status NOT IN ('pending', 'credited')
  OR (asset = 'USDT' AND amount = round(amount, 8))
  OR (asset = 'ETH' AND trunc(amount, 8) > 0)
);
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_credited_amount CHECK (
  (status = 'credited') = (credited_amount IS NOT NULL)
  AND (credited_amount IS NULL OR (credited_amount > 0 AND credited_amount <= amount))
);

-- As 017's, for both assets: the wallet of the deposit's asset gets trunc(amount, 8).
CREATE OR REPLACE FUNCTION credit_chain_deposits(p_chain_id bigint, p_confirmations integer)
RETURNS SETOF chain_deposits LANGUAGE plpgsql AS $$
DECLARE
  v_tip bigint;
  v_dep chain_deposits;
  v_credit numeric;
  c record;
BEGIN
  IF p_confirmations IS NULL OR p_confirmations < 1 THEN
    RAISE EXCEPTION 'Confirmations must be at least 1' USING ERRCODE = 'SK005';
  END IF;
  SELECT k.block_number INTO v_tip FROM chain_cursor k WHERE k.chain_id = p_chain_id FOR SHARE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  FOR c IN
    SELECT d.tx_hash, d.log_index, d.user_id, d.asset FROM chain_deposits d
     WHERE d.chain_id = p_chain_id AND d.status = 'pending'
       AND d.block_number <= v_tip - p_confirmations + 1
     ORDER BY d.block_number, d.tx_hash, d.log_index
  LOOP
    PERFORM lock_crypto_wallet(c.user_id, c.asset);
    SELECT * INTO v_dep FROM chain_deposits d
     WHERE d.chain_id = p_chain_id AND d.tx_hash = c.tx_hash AND d.log_index = c.log_index
       FOR UPDATE;
    -- Credited (or orphaned) by another call while this one waited for the locks.
    CONTINUE WHEN v_dep.status <> 'pending';
    CONTINUE WHEN NOT EXISTS (
      SELECT 1 FROM chain_blocks b
       WHERE b.chain_id = p_chain_id AND b.number = v_dep.block_number AND b.hash = v_dep.block_hash
    );
    v_credit := trunc(v_dep.amount, 8);
    UPDATE wallets SET balance = balance + v_credit, updated_at = now()
     WHERE user_id = v_dep.user_id AND coin_symbol = v_dep.asset;
    UPDATE chain_deposits d
       SET status = 'credited', credited_amount = v_credit, credited_at = clock_timestamp(),
           updated_at = clock_timestamp(), confirmations = v_tip - d.block_number + 1
     WHERE d.chain_id = p_chain_id AND d.tx_hash = v_dep.tx_hash AND d.log_index = v_dep.log_index
    RETURNING * INTO v_dep;
    INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
      (v_dep.id, 'chain_deposit', v_dep.asset, 'user', v_dep.user_id, v_credit),
      (v_dep.id, 'chain_deposit', v_dep.asset, 'chain_clearing', NULL, -v_credit);
    RETURN NEXT v_dep;
  END LOOP;
END;
$$;

-- ---------------------------------------------------------------- withdrawals

CREATE TABLE chain_withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  chain_id bigint NOT NULL CHECK (chain_id > 0),
  asset text NOT NULL CHECK (asset IN ('USDT', 'ETH')),
  -- lowercase, as chain_deposit_addresses; shown checksummed
  to_address text NOT NULL CHECK (to_address ~ '^0x[0-9a-f]{40}$'),
  -- what arrives at to_address, and Sikka's fee on top; both in the asset
  amount numeric(30, 8) NOT NULL CHECK (amount > 0),
  fee numeric(30, 8) NOT NULL CHECK (fee >= 0),
  -- the travel-rule declaration: the user's own wallet, or a named third party's
  beneficiary_kind text NOT NULL CHECK (beneficiary_kind IN ('own', 'third_party')),
  beneficiary_name text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN (
    'pending', 'approved', 'signed', 'broadcast', 'completed', 'rejected', 'cancelled', 'failed')),
  rejection_reason text,
  failure_reason text,
  -- the signed transaction, stored before it is sent (so a crash re-sends it, never re-signs)
  from_address text CHECK (from_address ~ '^0x[0-9a-f]{40}$'),
  nonce integer CHECK (nonce >= 0),
  raw_tx text CHECK (raw_tx ~ '^0x[0-9a-f]+$'),
  tx_hash text UNIQUE CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  block_number bigint CHECK (block_number >= 0),
  block_hash text CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  confirmations bigint NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- the admin's approval or rejection, or the owner's cancellation
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id),
  signed_at timestamptz,
  broadcast_at timestamptz,
  completed_at timestamptz,
  CONSTRAINT chain_withdrawals_beneficiary CHECK (
    (beneficiary_kind = 'third_party') = (beneficiary_name IS NOT NULL AND btrim(beneficiary_name) <> '')
  ),
  CONSTRAINT chain_withdrawals_decided CHECK ((status = 'pending') = (decided_at IS NULL)),
  CONSTRAINT chain_withdrawals_rejection_reason CHECK (
    (status = 'rejected') = (rejection_reason IS NOT NULL AND btrim(rejection_reason) <> '')
  ),
  CONSTRAINT chain_withdrawals_failure_reason CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
  CONSTRAINT chain_withdrawals_signed CHECK (
    (status IN ('signed', 'broadcast', 'completed', 'failed'))
      = (raw_tx IS NOT NULL AND tx_hash IS NOT NULL AND nonce IS NOT NULL AND from_address IS NOT NULL)
  ),
  CONSTRAINT chain_withdrawals_mined CHECK (
    (status NOT IN ('completed', 'failed')) OR (block_number IS NOT NULL AND block_hash IS NOT NULL)
  ),
  CONSTRAINT chain_withdrawals_completed CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
-- One transaction per nonce of the hot wallet: two signed withdrawals can never share one.
CREATE UNIQUE INDEX chain_withdrawals_nonce_key ON chain_withdrawals (chain_id, from_address, nonce)
  WHERE nonce IS NOT NULL;
CREATE INDEX chain_withdrawals_user_created_idx ON chain_withdrawals (user_id, created_at DESC, id DESC);
CREATE INDEX chain_withdrawals_created_idx ON chain_withdrawals (created_at DESC, id DESC);
CREATE INDEX chain_withdrawals_status_created_idx ON chain_withdrawals (status, created_at DESC, id DESC);
-- The sender's queue: what it still has to sign, send or confirm.
CREATE INDEX chain_withdrawals_in_flight_idx ON chain_withdrawals (chain_id, status, nonce)
  WHERE status IN ('approved', 'signed', 'broadcast');

-- The hot wallet's next nonce per chain. The database, not the node, hands nonces out, so a
-- transaction signed but not yet sent keeps its nonce through a crash and nothing else takes it.
CREATE TABLE chain_nonces (
  chain_id bigint NOT NULL CHECK (chain_id > 0),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  next_nonce integer NOT NULL CHECK (next_nonce >= 0),
  PRIMARY KEY (chain_id, address)
);

-- Pending → requested. Locks the user and the wallet, then checks in this order: the amount's
-- form (SK005), a Sikka address (SK020), KYC (SK011), the minimum (SK014), the day's total in
-- India time (SK016: pending to completed, fees not counted), the available coins for amount
-- + fee (SK001). The rules come from the server's settings.
CREATE FUNCTION request_chain_withdrawal(
  p_user_id uuid,
  p_chain_id bigint,
  p_asset text,
  p_to_address text,
  p_amount numeric,
  p_fee numeric,
  p_min numeric,
  p_daily_limit numeric,
  p_places integer,
  p_beneficiary_kind text,
  p_beneficiary_name text
) RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_wallet wallets;
  v_day date := (clock_timestamp() AT TIME ZONE 'Asia/Kolkata')::date;
  v_used numeric;
  v_owner uuid;
  v_w chain_withdrawals;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_amount <> round(p_amount, p_places) THEN
    RAISE EXCEPTION 'Amount must be above 0 with at most % decimal places', p_places
      USING ERRCODE = 'SK005';
  END IF;
  IF p_fee IS NULL OR p_fee < 0 THEN
    RAISE EXCEPTION 'Fee must be at least 0' USING ERRCODE = 'SK005';
  END IF;
  SELECT a.user_id INTO v_owner FROM chain_deposit_addresses a WHERE a.address = p_to_address;
  IF FOUND THEN
    RAISE EXCEPTION '%', CASE WHEN v_owner = p_user_id THEN 'own' ELSE 'sikka' END
      USING ERRCODE = 'SK020';
  END IF;
  v_wallet := lock_crypto_wallet(p_user_id, p_asset);
  IF p_amount < p_min THEN
    RAISE EXCEPTION 'Amount % is below the minimum %', p_amount, p_min USING ERRCODE = 'SK014';
  END IF;
  SELECT coalesce(sum(w.amount), 0) INTO v_used FROM chain_withdrawals w
   WHERE w.user_id = p_user_id AND w.asset = p_asset
     AND w.status NOT IN ('rejected', 'cancelled', 'failed')
     AND w.created_at >= (v_day::timestamp AT TIME ZONE 'Asia/Kolkata')
     AND w.created_at < ((v_day + 1)::timestamp AT TIME ZONE 'Asia/Kolkata');
  IF v_used + p_amount > p_daily_limit THEN
    RAISE EXCEPTION 'Daily withdrawal limit reached. Left today: %', greatest(p_daily_limit - v_used, 0)
      USING ERRCODE = 'SK016';
  END IF;
  IF v_wallet.balance < p_amount + p_fee THEN
    RAISE EXCEPTION 'Insufficient % balance', p_asset USING ERRCODE = 'SK001';
  END IF;
  UPDATE wallets SET balance = balance - (p_amount + p_fee), held = held + (p_amount + p_fee),
                     updated_at = now()
   WHERE user_id = p_user_id AND coin_symbol = p_asset;
  INSERT INTO chain_withdrawals (user_id, chain_id, asset, to_address, amount, fee,
                                 beneficiary_kind, beneficiary_name)
  VALUES (p_user_id, p_chain_id, p_asset, p_to_address, p_amount, p_fee, p_beneficiary_kind,
          CASE WHEN p_beneficiary_kind = 'third_party' THEN nullif(btrim(p_beneficiary_name), '') END)
  RETURNING * INTO v_w;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_w.id, 'chain_withdrawal_hold', p_asset, 'user', p_user_id, -(p_amount + p_fee)),
    (v_w.id, 'chain_withdrawal_hold', p_asset, 'user_held', p_user_id, p_amount + p_fee);
  RETURN v_w;
END;
$$;

-- Locks the withdrawal's user, then the withdrawal, and checks its status is one of
-- p_statuses (SK003 otherwise). p_owner, when given, must own it (SK004, as a missing one).
CREATE FUNCTION lock_chain_withdrawal(p_id uuid, p_statuses text[], p_owner uuid DEFAULT NULL)
RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_user_id uuid;
  v_w chain_withdrawals;
BEGIN
  SELECT w.user_id INTO v_user_id FROM chain_withdrawals w WHERE w.id = p_id;
  IF NOT FOUND OR (p_owner IS NOT NULL AND v_user_id <> p_owner) THEN
    RAISE EXCEPTION 'Withdrawal not found' USING ERRCODE = 'SK004';
  END IF;
  PERFORM 1 FROM users u WHERE u.id = v_user_id FOR NO KEY UPDATE;
  SELECT * INTO v_w FROM chain_withdrawals w WHERE w.id = p_id FOR UPDATE;
  IF NOT v_w.status = ANY (p_statuses) THEN
    RAISE EXCEPTION 'This withdrawal is already %', v_w.status USING ERRCODE = 'SK003';
  END IF;
  RETURN v_w;
END;
$$;

-- Held → available: the end of a cancelled, rejected or failed withdrawal.
CREATE FUNCTION release_chain_withdrawal_hold(p_w chain_withdrawals) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallets SET balance = balance + (p_w.amount + p_w.fee), held = held - (p_w.amount + p_w.fee),
                     updated_at = now()
   WHERE user_id = p_w.user_id AND coin_symbol = p_w.asset;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (p_w.id, 'chain_withdrawal_release', p_w.asset, 'user_held', p_w.user_id, -(p_w.amount + p_w.fee)),
    (p_w.id, 'chain_withdrawal_release', p_w.asset, 'user', p_w.user_id, p_w.amount + p_w.fee);
END;
$$;

-- Pending → cancelled, by its owner.
CREATE FUNCTION cancel_chain_withdrawal(p_id uuid, p_user_id uuid)
RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['pending'], p_user_id);
BEGIN
  PERFORM release_chain_withdrawal_hold(v_w);
  UPDATE chain_withdrawals w
     SET status = 'cancelled', decided_at = clock_timestamp(), decided_by = p_user_id,
         updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Pending → rejected by the admin, with a reason; the hold goes back.
CREATE FUNCTION reject_chain_withdrawal(p_id uuid, p_reason text, p_admin_id uuid)
RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals;
BEGIN
  IF p_reason IS NULL OR btrim(p_reason) = '' THEN
    RAISE EXCEPTION 'Please provide a reason for rejection' USING ERRCODE = 'SK005';
  END IF;
  v_w := lock_chain_withdrawal(p_id, ARRAY['pending']);
  PERFORM release_chain_withdrawal_hold(v_w);
  UPDATE chain_withdrawals w
     SET status = 'rejected', rejection_reason = btrim(p_reason), decided_at = clock_timestamp(),
         decided_by = p_admin_id, updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Pending → approved: queued for the hot wallet; the coins stay held until it completes.
CREATE FUNCTION approve_chain_withdrawal(p_id uuid, p_admin_id uuid)
RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['pending']);
BEGIN
  UPDATE chain_withdrawals w
     SET status = 'approved', decided_at = clock_timestamp(), decided_by = p_admin_id,
         updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- The hot wallet's next nonce, locked for this transaction: the stored one, or the node's
-- count of its mined transactions (p_chain_nonce) when that is higher (a first use, or the
-- wallet was used from outside Sikka). Our own signed transactions are all in the table, so
-- the node's count never goes past one we still hold.
CREATE FUNCTION lock_chain_nonce(p_chain_id bigint, p_address text, p_chain_nonce integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_next integer;
BEGIN
  INSERT INTO chain_nonces (chain_id, address, next_nonce) VALUES (p_chain_id, p_address, p_chain_nonce)
  ON CONFLICT (chain_id, address) DO NOTHING;
  SELECT n.next_nonce INTO v_next FROM chain_nonces n
   WHERE n.chain_id = p_chain_id AND n.address = p_address FOR UPDATE;
  RETURN greatest(v_next, p_chain_nonce);
END;
$$;

-- Approved → signed: stores the signed transaction with its nonce, and moves the wallet's
-- next nonce past it, in the caller's transaction (which holds lock_chain_nonce's lock).
CREATE FUNCTION sign_chain_withdrawal(
  p_id uuid,
  p_from text,
  p_nonce integer,
  p_raw_tx text,
  p_tx_hash text
) RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['approved']);
BEGIN
  UPDATE chain_nonces SET next_nonce = p_nonce + 1
   WHERE chain_id = v_w.chain_id AND address = p_from;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No nonce of % on chain %', p_from, v_w.chain_id USING ERRCODE = 'SK005';
  END IF;
  UPDATE chain_withdrawals w
     SET status = 'signed', from_address = p_from, nonce = p_nonce, raw_tx = p_raw_tx,
         tx_hash = p_tx_hash, signed_at = clock_timestamp(), updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Signed → broadcast: the node accepted the transaction. Again for one already broadcast is
-- a no-op (a re-send after a crash).
CREATE FUNCTION mark_chain_withdrawal_broadcast(p_id uuid)
RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['signed', 'broadcast']);
BEGIN
  IF v_w.status = 'signed' THEN
    UPDATE chain_withdrawals w
       SET status = 'broadcast', broadcast_at = clock_timestamp(), updated_at = clock_timestamp()
     WHERE w.id = v_w.id
    RETURNING * INTO v_w;
  END IF;
  RETURN v_w;
END;
$$;

-- Broadcast (or signed: mined before we marked it sent) → completed, with p_confirmations on
-- the block that holds it: the held coins leave; the amount to chain_clearing, the fee to
-- the house.
CREATE FUNCTION complete_chain_withdrawal(
  p_id uuid,
  p_block_number bigint,
  p_block_hash text,
  p_confirmations bigint
) RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['signed', 'broadcast']);
BEGIN
  UPDATE wallets SET held = held - (v_w.amount + v_w.fee), updated_at = now()
   WHERE user_id = v_w.user_id AND coin_symbol = v_w.asset;
  UPDATE chain_withdrawals w
     SET status = 'completed', block_number = p_block_number, block_hash = p_block_hash,
         confirmations = p_confirmations, broadcast_at = coalesce(w.broadcast_at, clock_timestamp()),
         completed_at = clock_timestamp(), updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_w.id, 'chain_withdrawal_payout', v_w.asset, 'user_held', v_w.user_id, -(v_w.amount + v_w.fee)),
    (v_w.id, 'chain_withdrawal_payout', v_w.asset, 'chain_clearing', NULL, v_w.amount);
  IF v_w.fee > 0 THEN
    INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
      (v_w.id, 'chain_withdrawal_payout', v_w.asset, 'house', NULL, v_w.fee);
  END IF;
  RETURN v_w;
END;
$$;

-- Broadcast (or signed) → failed: mined and reverted (the value did not move), confirmed as
-- deep as a completion would be. The hold goes back; the gas is the house's loss.
CREATE FUNCTION fail_chain_withdrawal(
  p_id uuid,
  p_block_number bigint,
  p_block_hash text,
  p_reason text
) RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['signed', 'broadcast']);
BEGIN
  PERFORM release_chain_withdrawal_hold(v_w);
  UPDATE chain_withdrawals w
     SET status = 'failed', failure_reason = coalesce(nullif(btrim(p_reason), ''), 'Failed on chain'),
         block_number = p_block_number, block_hash = p_block_hash,
         broadcast_at = coalesce(w.broadcast_at, clock_timestamp()), updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Final states stay final: no code path may move a completed, rejected, cancelled or failed
-- withdrawal again (the money functions check too; this holds for any SQL).
CREATE FUNCTION chain_withdrawals_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'crypto withdrawal % is % and cannot change', OLD.id, OLD.status
      USING ERRCODE = 'SK003';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_withdrawals_final BEFORE UPDATE OR DELETE ON chain_withdrawals
  FOR EACH ROW WHEN (OLD.status IN ('completed', 'rejected', 'cancelled', 'failed'))
  EXECUTE FUNCTION chain_withdrawals_final();

-- ---------------------------------------------------------------- audit

ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check
  CHECK (target_type IN ('user', 'deposit', 'withdrawal', 'bank_account', 'chain_withdrawal'));

-- Every status change, by whoever: the admin's decisions name the admin; the sender's steps
-- (signed, broadcast, completed, failed) have no actor but carry the transaction.
CREATE FUNCTION audit_chain_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
  VALUES (
    coalesce(audit_actor(),
             CASE WHEN NEW.status IN ('approved', 'rejected', 'cancelled') THEN NEW.decided_by END),
    'chain_withdrawal.' || NEW.status,
    'chain_withdrawal', NEW.id, NEW.user_id,
    jsonb_build_object('status', OLD.status),
    jsonb_build_object('status', NEW.status, 'asset', NEW.asset, 'amount', NEW.amount::text,
                       'fee', NEW.fee::text, 'toAddress', NEW.to_address, 'txHash', NEW.tx_hash,
                       'nonce', NEW.nonce, 'rejectionReason', NEW.rejection_reason,
                       'failureReason', NEW.failure_reason)
  );
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_withdrawals_audit AFTER UPDATE OF status ON chain_withdrawals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION audit_chain_withdrawal();

-- ---------------------------------------------------------------- realtime

-- The user's crypto deposits or withdrawals changed: channel `crypto_activity`, the user id
-- as payload (the hub sends that user a `cryptoActivity` message). Sent at commit, once per
-- user per transaction.
CREATE FUNCTION notify_crypto_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crypto_activity', NEW.user_id::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER chain_deposits_notify AFTER INSERT OR UPDATE ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION notify_crypto_activity();
CREATE TRIGGER chain_withdrawals_notify AFTER INSERT OR UPDATE ON chain_withdrawals
  FOR EACH ROW EXECUTE FUNCTION notify_crypto_activity();
