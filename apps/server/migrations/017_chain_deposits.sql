-- Issue 15 phase 2 (ADR 015, "Deposits"): USDT deposits found on an EVM chain, credited to
-- the user's USDT wallet exactly once after N confirmations.
--
--   chain_deposit_addresses  one deposit address per verified user, derived from the
--                            installation's seed at a per-user index from a sequence
--   chain_cursor             per chain, the last block the watcher scanned and its hash
--   chain_blocks             the recent blocks the watcher scanned (canonical as it last
--                            saw them), to find where a reorganisation forked
--   chain_deposits           one row per transfer found, keyed by (chain, tx, log index):
--                            the key of exactly-once crediting
--   credit_chain_deposits()  the one way such a deposit reaches a balance
--
-- Ledger of a credited deposit, USDT: user +amount, chain_clearing −amount. chain_clearing is
-- the USDT that arrived on chain (as bank_clearing is the INR that arrived by bank); it has no
-- balance row. Lock order: chain_cursor (share), users, wallets, chain_deposits.

-- ---------------------------------------------------------------- ledger accounts and types

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (
  account IN ('user', 'house', 'bank_clearing', 'user_held', 'bank_payout', 'tds_payable',
              'chain_clearing')
);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_operation_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_operation_type_check CHECK (
  operation_type IN ('deposit', 'trade_buy', 'trade_sell',
                     'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout',
                     'chain_deposit')
);
-- A second line of defence behind the status check of credit_chain_deposits: one chain
-- deposit can never write its user's entry twice, whatever code runs.
CREATE UNIQUE INDEX ledger_entries_chain_deposit_once ON ledger_entries (operation_id, account)
  WHERE operation_type = 'chain_deposit';

-- ---------------------------------------------------------------- deposit addresses

-- BIP-44 index m/44'/60'/0'/0/i (ADR 015): non-hardened, so below 2^31. A sequence never hands
-- an index out twice, even to transactions that roll back; the gaps that leaves are harmless
-- (an address nobody was given receives nothing).
CREATE SEQUENCE chain_deposit_index_seq AS integer MINVALUE 0 MAXVALUE 2147483647 START 0;

CREATE TABLE chain_deposit_addresses (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  -- EVM addresses are the same on every EVM chain; the chain is kept for the watcher's lookup.
  chain_id bigint NOT NULL CHECK (chain_id > 0),
  derivation_index integer NOT NULL UNIQUE CHECK (derivation_index >= 0),
  -- Lowercase: nodes answer in lowercase, and one spelling makes the UNIQUE mean something.
  -- The server shows it checksummed (EIP-55).
  address text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chain_deposit_addresses_chain_idx ON chain_deposit_addresses (chain_id, address);

-- ---------------------------------------------------------------- the watcher's progress

CREATE TABLE chain_cursor (
  chain_id bigint PRIMARY KEY CHECK (chain_id > 0),
  -- Every block up to this one has been scanned; −1 before the first (a scan from genesis).
  block_number bigint NOT NULL CHECK (block_number >= -1),
  -- NULL only for −1.
  block_hash text CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chain_cursor_hash CHECK ((block_number = -1) = (block_hash IS NULL))
);

CREATE TABLE chain_blocks (
  chain_id bigint NOT NULL,
  number bigint NOT NULL CHECK (number >= 0),
  hash text NOT NULL CHECK (hash ~ '^0x[0-9a-f]{64}$'),
  PRIMARY KEY (chain_id, number)
);

-- ---------------------------------------------------------------- deposits found on chain

CREATE TABLE chain_deposits (
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  -- ≥ 0: a token transfer's log; −1: a native transfer (the transaction's value, ADR 015)
  log_index integer NOT NULL CHECK (log_index >= -1),
  -- The ledger's operation id of this deposit.
  id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  from_address text NOT NULL CHECK (from_address ~ '^0x[0-9a-f]{40}$'),
  asset text NOT NULL CHECK (asset IN ('USDT', 'ETH')),
  -- Coins, exact: unconstrained numeric holds ETH's 18 places too, which the ledger's
  -- numeric(30, 8) cannot; such a transfer is recorded 'unsupported' and never credited.
  amount numeric NOT NULL CHECK (amount > 0),
  block_number bigint NOT NULL CHECK (block_number >= 0),
  block_hash text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  -- pending → credited (final), pending → orphaned (its block left the chain; back to pending
  -- if the transfer is found again in another block), unsupported: ETH, or a token amount
  -- with more than 8 places, kept for support and a later phase.
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'credited', 'orphaned', 'unsupported')),
  -- head − block + 1 as the watcher last counted it (information; crediting counts again).
  confirmations bigint NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  credited_at timestamptz,
  PRIMARY KEY (chain_id, tx_hash, log_index),
  CONSTRAINT chain_deposits_credited CHECK ((status = 'credited') = (credited_at IS NOT NULL)),
  CONSTRAINT chain_deposits_creditable CHECK (
    status NOT IN ('pending', 'credited') OR (asset = 'USDT' AND amount = round(amount, 8))
  )
);
CREATE INDEX chain_deposits_pending_idx ON chain_deposits (chain_id, block_number)
  WHERE status = 'pending';
CREATE INDEX chain_deposits_user_created_idx ON chain_deposits (user_id, created_at DESC);

-- Credited is final: a reorganisation deeper than N after crediting is an alarm for people
-- (the watcher logs it), never an automatic debit.
CREATE FUNCTION chain_deposits_credited_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'chain deposit %/% is credited and cannot change', OLD.tx_hash, OLD.log_index
      USING ERRCODE = 'SK003';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_deposits_credited_final BEFORE UPDATE OR DELETE ON chain_deposits
  FOR EACH ROW WHEN (OLD.status = 'credited') EXECUTE FUNCTION chain_deposits_credited_final();

-- ---------------------------------------------------------------- crediting

-- Credits every pending USDT deposit of the chain with at least p_confirmations confirmations
-- counted from the watcher's cursor (the newest block it has verified, not a head it has not
-- seen) and whose block is still the canonical one recorded in chain_blocks. Returns the
-- deposits it credited.
--
-- Exactly once per (chain, tx, log index), also when called concurrently: each deposit is
-- re-read under its user's locks and skipped unless still pending; the cursor's share lock
-- keeps the watcher from moving the cursor (or orphaning) while crediting runs.
--
-- KYC is not checked again here: addresses are given to verified users only, and coins that
-- reached one are the user's; trading and withdrawing stay behind the KYC gate.
CREATE FUNCTION credit_chain_deposits(p_chain_id bigint, p_confirmations integer)
RETURNS SETOF chain_deposits LANGUAGE plpgsql AS $$
DECLARE
  v_tip bigint;
  v_dep chain_deposits;
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
    SELECT d.tx_hash, d.log_index, d.user_id FROM chain_deposits d
     WHERE d.chain_id = p_chain_id AND d.status = 'pending'
       AND d.block_number <= v_tip - p_confirmations + 1
     ORDER BY d.block_number, d.tx_hash, d.log_index
  LOOP
    PERFORM lock_user_balances(c.user_id);
    SELECT * INTO v_dep FROM chain_deposits d
     WHERE d.chain_id = p_chain_id AND d.tx_hash = c.tx_hash AND d.log_index = c.log_index
       FOR UPDATE;
    -- Credited (or orphaned) by another call while this one waited for the locks.
    CONTINUE WHEN v_dep.status <> 'pending';
    CONTINUE WHEN NOT EXISTS (
      SELECT 1 FROM chain_blocks b
       WHERE b.chain_id = p_chain_id AND b.number = v_dep.block_number AND b.hash = v_dep.block_hash
    );
    UPDATE wallets SET balance = balance + v_dep.amount, updated_at = now()
     WHERE user_id = v_dep.user_id AND coin_symbol = 'USDT';
    UPDATE chain_deposits d
       SET status = 'credited', credited_at = clock_timestamp(), updated_at = clock_timestamp(),
           confirmations = v_tip - d.block_number + 1
     WHERE d.chain_id = p_chain_id AND d.tx_hash = v_dep.tx_hash AND d.log_index = v_dep.log_index
    RETURNING * INTO v_dep;
    INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
      (v_dep.id, 'chain_deposit', 'USDT', 'user', v_dep.user_id, v_dep.amount),
      (v_dep.id, 'chain_deposit', 'USDT', 'chain_clearing', NULL, -v_dep.amount);
    RETURN NEXT v_dep;
  END LOOP;
END;
$$;
