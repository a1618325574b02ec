-- Money out (issue 14): the user's bank accounts, INR withdrawal requests and a held balance
-- (ADR 012). A request moves its amount from users.balance (available) to users.inr_held at
-- once, so the same rupees cannot be spent twice; the admin then pays it out (held → the
-- house's bank_payout account) or rejects it, or the user cancels it (held → available).
--
-- Ledger (004) gains three operation types and two accounts; every withdrawal's entries share
-- its id as operation_id, and each step sums to zero on its own:
--   withdrawal_hold     user −amount, user_held +amount      (request)
--   withdrawal_release  user_held −amount, user +amount      (cancel, reject)
--   withdrawal_payout   user_held −amount, bank_payout +amount (approve: the bank transfer)
-- Invariants added (test/support/invariants.ts): users.inr_held = sum of the user's user_held
-- entries = sum of their pending withdrawals; inr_held >= 0.
--
-- Lock order, as in 004: users row, then the bank account or withdrawal row.
--
-- New SQLSTATEs (src/money/withdrawals.ts): SK014 amount below the minimum, SK015 above the
-- maximum, SK016 daily limit, SK017 bank account not verified. SK001 (insufficient INR),
-- SK003 (not pending), SK004 (not found), SK005 (bad input) and SK011 (KYC) keep their meaning.
--
-- The CHECK constraints of ledger_entries are redefined here under their original names; a
-- later migration that redefines them again must keep these values.

ALTER TABLE users ADD COLUMN inr_held numeric(20, 2) NOT NULL DEFAULT 0
  CONSTRAINT users_inr_held_check CHECK (inr_held >= 0);

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_operation_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_operation_type_check CHECK (
  operation_type IN ('deposit', 'trade_buy', 'trade_sell',
                     'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout')
);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (
  account IN ('user', 'user_held', 'house', 'bank_clearing', 'bank_payout')
);
-- Both of a user's accounts name the user; house-side accounts name no one.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_user;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_user CHECK (
  (account IN ('user', 'user_held')) = (user_id IS NOT NULL)
);

-- A bank account money may be sent to. source 'kyc': the account verified with the user's
-- KYC, made by the trigger below when the KYC becomes verified (its number is the masked form
-- the KYC keeps, 'XXXXXXXX1234'; the full number is on the KYC bank statement). source
-- 'added': an account the user added, with its full number (the payout needs it), unusable
-- until the admin verifies it. Rows are never deleted: withdrawals refer to them.
CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  source text NOT NULL CHECK (source IN ('kyc', 'added')),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9X]{9,18}$'),
  ifsc_code text NOT NULL CHECK (ifsc_code ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  bank_name text NOT NULL CHECK (length(btrim(bank_name)) BETWEEN 1 AND 100),
  account_holder_name text NOT NULL CHECK (length(btrim(account_holder_name)) BETWEEN 1 AND 100),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id),
  CONSTRAINT bank_accounts_added_digits CHECK (source = 'kyc' OR account_number ~ '^[0-9]{9,18}$'),
  CONSTRAINT bank_accounts_decided CHECK ((status = 'pending') = (decided_at IS NULL)),
  CONSTRAINT bank_accounts_rejection_reason CHECK (
    (status = 'rejected') = (rejection_reason IS NOT NULL AND btrim(rejection_reason) <> '')
  )
);
CREATE UNIQUE INDEX bank_accounts_one_kyc_key ON bank_accounts (user_id) WHERE source = 'kyc';
-- One account (number + IFSC) once per user while it is pending or verified.
CREATE UNIQUE INDEX bank_accounts_active_key ON bank_accounts (user_id, account_number, ifsc_code)
  WHERE status <> 'rejected';
CREATE INDEX bank_accounts_user_idx ON bank_accounts (user_id, created_at DESC, id DESC);
CREATE INDEX bank_accounts_status_created_idx ON bank_accounts (status, created_at DESC, id DESC);
CREATE INDEX bank_accounts_created_idx ON bank_accounts (created_at DESC, id DESC);

-- The KYC's bank account becomes a verified withdrawal account when the KYC is verified, by
-- whatever path (admin decision, console, test fixture). The KYC cannot be changed once
-- verified, so this copy does not drift from users.bank_*.
CREATE FUNCTION kyc_bank_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bank_account_number IS NULL OR NEW.bank_ifsc_code IS NULL OR NEW.bank_name IS NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO bank_accounts (user_id, source, account_number, ifsc_code, bank_name,
                             account_holder_name, status, decided_at, decided_by)
  VALUES (NEW.id, 'kyc', NEW.bank_account_number, upper(NEW.bank_ifsc_code), NEW.bank_name,
          NEW.full_name, 'verified', clock_timestamp(), audit_actor())
  ON CONFLICT (user_id) WHERE source = 'kyc' DO UPDATE
     SET account_number = EXCLUDED.account_number, ifsc_code = EXCLUDED.ifsc_code,
         bank_name = EXCLUDED.bank_name, account_holder_name = EXCLUDED.account_holder_name,
         status = 'verified', rejection_reason = NULL, decided_at = EXCLUDED.decided_at,
         decided_by = EXCLUDED.decided_by;
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_kyc_bank_account AFTER UPDATE OF kyc_status ON users
  FOR EACH ROW WHEN (NEW.kyc_status = 'verified' AND OLD.kyc_status IS DISTINCT FROM 'verified')
  EXECUTE FUNCTION kyc_bank_account();

-- Users verified before this migration get theirs now.
INSERT INTO bank_accounts (user_id, source, account_number, ifsc_code, bank_name,
                           account_holder_name, status, decided_at)
SELECT id, 'kyc', bank_account_number, upper(bank_ifsc_code), bank_name, full_name, 'verified',
       coalesce(kyc_verified_at, now())
  FROM users
 WHERE kyc_status = 'verified' AND bank_account_number ~ '^[0-9X]{9,18}$'
   AND upper(bank_ifsc_code) ~ '^[A-Z]{4}0[A-Z0-9]{6}$' AND bank_name IS NOT NULL;

CREATE TABLE withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  bank_account_id uuid NOT NULL REFERENCES bank_accounts (id),
  -- INR; the configured bounds are checked by request_withdrawal (they may change)
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'rejected', 'cancelled')),
  -- the bank's payout reference, upper-cased; set when paid
  utr_number text CHECK (utr_number ~ '^[A-Z0-9]{6,22}$'),
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  decided_at timestamptz,
  -- the admin who paid or rejected it, or the user who cancelled it
  decided_by uuid REFERENCES users (id),
  CONSTRAINT withdrawals_decided CHECK ((status = 'pending') = (decided_at IS NULL)),
  CONSTRAINT withdrawals_paid_utr CHECK ((status = 'paid') = (utr_number IS NOT NULL)),
  CONSTRAINT withdrawals_rejection_reason CHECK (
    (status = 'rejected') = (rejection_reason IS NOT NULL AND btrim(rejection_reason) <> '')
  )
);
-- One bank transfer pays one withdrawal.
CREATE UNIQUE INDEX withdrawals_utr_key ON withdrawals (utr_number) WHERE utr_number IS NOT NULL;
-- own recent withdrawals and the daily sum; admin list newest first (optionally by status)
CREATE INDEX withdrawals_user_created_idx ON withdrawals (user_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_created_idx ON withdrawals (created_at DESC, id DESC);
CREATE INDEX withdrawals_status_created_idx ON withdrawals (status, created_at DESC, id DESC);

-- Pending → requested: locks the user row (every balance change of the user serialises on
-- it, so concurrent requests are checked one after the other), then checks in this order:
-- KYC (SK011), the account is the user's (SK004) and verified (SK017), the bounds
-- (SK014/SK015), the day's pending + paid total in India time (SK016), the available INR
-- (SK001). Bounds come from the server's settings.
CREATE FUNCTION request_withdrawal(
  p_user_id uuid,
  p_bank_account_id uuid,
  p_amount numeric,
  p_min numeric,
  p_max numeric,
  p_daily_limit numeric
) RETURNS withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_user record;
  v_account bank_accounts;
  v_day date := (clock_timestamp() AT TIME ZONE 'Asia/Kolkata')::date;
  v_used numeric;
  v_w withdrawals;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_amount <> round(p_amount, 2) THEN
    RAISE EXCEPTION 'Amount must be above 0 with at most 2 decimal places' USING ERRCODE = 'SK005';
  END IF;
  SELECT u.balance, u.kyc_status INTO v_user FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'SK004';
  END IF;
  IF v_user.kyc_status <> 'verified' THEN
    RAISE EXCEPTION 'KYC is %, not verified', v_user.kyc_status USING ERRCODE = 'SK011';
  END IF;
  SELECT * INTO v_account FROM bank_accounts b
   WHERE b.id = p_bank_account_id AND b.user_id = p_user_id FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Bank account not found' USING ERRCODE = 'SK004';
  END IF;
  IF v_account.status <> 'verified' THEN
    RAISE EXCEPTION 'Bank account is %, not verified', v_account.status USING ERRCODE = 'SK017';
  END IF;
  IF p_amount < p_min THEN
    RAISE EXCEPTION 'Amount % is below the minimum %', p_amount, p_min USING ERRCODE = 'SK014';
  END IF;
  IF p_amount > p_max THEN
    RAISE EXCEPTION 'Amount % is above the maximum %', p_amount, p_max USING ERRCODE = 'SK015';
  END IF;
  SELECT coalesce(sum(w.amount), 0) INTO v_used FROM withdrawals w
   WHERE w.user_id = p_user_id AND w.status IN ('pending', 'paid')
     AND w.created_at >= (v_day::timestamp AT TIME ZONE 'Asia/Kolkata')
     AND w.created_at < ((v_day + 1)::timestamp AT TIME ZONE 'Asia/Kolkata');
  IF v_used + p_amount > p_daily_limit THEN
    RAISE EXCEPTION 'Daily withdrawal limit reached. Left today: %', greatest(p_daily_limit - v_used, 0)
      USING ERRCODE = 'SK016';
  END IF;
  IF v_user.balance < p_amount THEN
    RAISE EXCEPTION 'Insufficient INR balance' USING ERRCODE = 'SK001';
  END IF;
  UPDATE users SET balance = balance - p_amount, inr_held = inr_held + p_amount, updated_at = now()
   WHERE id = p_user_id;
  INSERT INTO withdrawals (user_id, bank_account_id, amount)
  VALUES (p_user_id, p_bank_account_id, p_amount)
  RETURNING * INTO v_w;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_w.id, 'withdrawal_hold', 'INR', 'user', p_user_id, -p_amount),
    (v_w.id, 'withdrawal_hold', 'INR', 'user_held', p_user_id, p_amount);
  RETURN v_w;
END;
$$;

-- Locks the withdrawal's user, then the withdrawal, and checks it is still pending (SK003).
-- p_owner, when given, must own it (SK004 otherwise, as for a missing one). The user id of a
-- withdrawal never changes, so reading it before the locks is safe.
CREATE FUNCTION lock_pending_withdrawal(p_withdrawal_id uuid, p_owner uuid DEFAULT NULL)
RETURNS withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_user_id uuid;
  v_w withdrawals;
BEGIN
  SELECT w.user_id INTO v_user_id FROM withdrawals w WHERE w.id = p_withdrawal_id;
  IF NOT FOUND OR (p_owner IS NOT NULL AND v_user_id <> p_owner) THEN
    RAISE EXCEPTION 'Withdrawal not found' USING ERRCODE = 'SK004';
  END IF;
  PERFORM 1 FROM users u WHERE u.id = v_user_id FOR NO KEY UPDATE;
  SELECT * INTO v_w FROM withdrawals w WHERE w.id = p_withdrawal_id FOR UPDATE;
  IF v_w.status <> 'pending' THEN
    RAISE EXCEPTION 'This withdrawal is already %', v_w.status USING ERRCODE = 'SK003';
  END IF;
  RETURN v_w;
END;
$$;

-- Held → available: the end of a cancelled or rejected request.
CREATE FUNCTION release_withdrawal_hold(p_w withdrawals) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET balance = balance + p_w.amount, inr_held = inr_held - p_w.amount, updated_at = now()
   WHERE id = p_w.user_id;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (p_w.id, 'withdrawal_release', 'INR', 'user_held', p_w.user_id, -p_w.amount),
    (p_w.id, 'withdrawal_release', 'INR', 'user', p_w.user_id, p_w.amount);
END;
$$;

-- Pending → cancelled, by its owner.
CREATE FUNCTION cancel_withdrawal(p_withdrawal_id uuid, p_user_id uuid)
RETURNS withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w withdrawals := lock_pending_withdrawal(p_withdrawal_id, p_user_id);
BEGIN
  PERFORM release_withdrawal_hold(v_w);
  UPDATE withdrawals w SET status = 'cancelled', decided_at = clock_timestamp(), decided_by = p_user_id
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Pending → rejected by the admin, with a non-blank reason; the hold goes back.
CREATE FUNCTION reject_withdrawal(p_withdrawal_id uuid, p_reason text, p_admin_id uuid)
RETURNS withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w withdrawals;
BEGIN
  IF p_reason IS NULL OR btrim(p_reason) = '' THEN
    RAISE EXCEPTION 'Please provide a reason for rejection' USING ERRCODE = 'SK005';
  END IF;
  v_w := lock_pending_withdrawal(p_withdrawal_id);
  PERFORM release_withdrawal_hold(v_w);
  UPDATE withdrawals w
     SET status = 'rejected', rejection_reason = btrim(p_reason), decided_at = clock_timestamp(),
         decided_by = p_admin_id
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Pending → paid: the admin sent the bank transfer with reference p_utr. The held amount
-- leaves to bank_payout. A second approval finds it no longer pending and pays nothing.
CREATE FUNCTION approve_withdrawal(p_withdrawal_id uuid, p_utr text, p_admin_id uuid)
RETURNS withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w withdrawals;
BEGIN
  IF p_utr IS NULL OR p_utr !~ '^[A-Z0-9]{6,22}$' THEN
    RAISE EXCEPTION 'UTR number must be 6 to 22 letters or digits' USING ERRCODE = 'SK005';
  END IF;
  v_w := lock_pending_withdrawal(p_withdrawal_id);
  UPDATE users SET inr_held = inr_held - v_w.amount, updated_at = now() WHERE id = v_w.user_id;
  UPDATE withdrawals w
     SET status = 'paid', utr_number = p_utr, decided_at = clock_timestamp(), decided_by = p_admin_id
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_w.id, 'withdrawal_payout', 'INR', 'user_held', v_w.user_id, -v_w.amount),
    (v_w.id, 'withdrawal_payout', 'INR', 'bank_payout', NULL, v_w.amount);
  RETURN v_w;
END;
$$;

-- The admin's decision on an added bank account (pending only, SK003 after). The user row is
-- locked first, the order request_withdrawal takes, so a request never sees a half-decided
-- account.
CREATE FUNCTION decide_bank_account(p_account_id uuid, p_verify boolean, p_reason text, p_admin_id uuid)
RETURNS bank_accounts LANGUAGE plpgsql AS $$
DECLARE
  v_user_id uuid;
  v_a bank_accounts;
BEGIN
  IF NOT p_verify AND (p_reason IS NULL OR btrim(p_reason) = '') THEN
    RAISE EXCEPTION 'Please provide a reason for rejection' USING ERRCODE = 'SK005';
  END IF;
  SELECT b.user_id INTO v_user_id FROM bank_accounts b WHERE b.id = p_account_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Bank account not found' USING ERRCODE = 'SK004';
  END IF;
  PERFORM 1 FROM users u WHERE u.id = v_user_id FOR NO KEY UPDATE;
  SELECT * INTO v_a FROM bank_accounts b WHERE b.id = p_account_id FOR UPDATE;
  IF v_a.status <> 'pending' THEN
    RAISE EXCEPTION 'This bank account is already %', v_a.status USING ERRCODE = 'SK003';
  END IF;
  UPDATE bank_accounts b
     SET status = CASE WHEN p_verify THEN 'verified' ELSE 'rejected' END,
         rejection_reason = CASE WHEN p_verify THEN NULL ELSE btrim(p_reason) END,
         decided_at = clock_timestamp(), decided_by = p_admin_id
   WHERE b.id = v_a.id
  RETURNING * INTO v_a;
  RETURN v_a;
END;
$$;

-- Balance events (003) also when only the held amount changes (a payout), once per change.
DROP TRIGGER users_balance_notify ON users;
CREATE TRIGGER users_balance_notify AFTER UPDATE OF balance, inr_held ON users
  FOR EACH ROW WHEN (OLD.balance IS DISTINCT FROM NEW.balance OR OLD.inr_held IS DISTINCT FROM NEW.inr_held)
  EXECUTE FUNCTION notify_user_balance_changed();

-- The balances of 009 with the held INR: {inr (available), inrHeld, usdt}.
CREATE OR REPLACE FUNCTION user_balances_json(p_user_id uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'inr', to_char(u.balance, 'FM9999999999999999990.00'),
    'inrHeld', to_char(u.inr_held, 'FM9999999999999999990.00'),
    'usdt', to_char(coalesce(w.balance, 0), 'FM9999999999999999990.00000000')
  )
    FROM users u
    LEFT JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
   WHERE u.id = p_user_id;
$$;

-- Audit (007): withdrawal and bank-account decisions, like deposits'.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check
  CHECK (target_type IN ('user', 'deposit', 'withdrawal', 'bank_account'));

CREATE FUNCTION audit_withdrawal_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
  VALUES (
    coalesce(audit_actor(), NEW.decided_by),
    'withdrawal.' || NEW.status,
    'withdrawal', NEW.id, NEW.user_id,
    jsonb_build_object('status', OLD.status, 'amount', OLD.amount::text),
    jsonb_build_object('status', NEW.status, 'amount', NEW.amount::text, 'utrNumber', NEW.utr_number,
                       'rejectionReason', NEW.rejection_reason)
  );
  RETURN NEW;
END;
$$;
CREATE TRIGGER withdrawals_audit_decision AFTER UPDATE OF status ON withdrawals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION audit_withdrawal_decision();

CREATE FUNCTION audit_bank_account_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
  VALUES (
    coalesce(audit_actor(), NEW.decided_by),
    'bank_account.' || NEW.status,
    'bank_account', NEW.id, NEW.user_id,
    jsonb_build_object('status', OLD.status),
    jsonb_build_object('status', NEW.status, 'rejectionReason', NEW.rejection_reason,
                       'ifscCode', NEW.ifsc_code, 'accountLast4', right(NEW.account_number, 4))
  );
  RETURN NEW;
END;
$$;
CREATE TRIGGER bank_accounts_audit_decision AFTER UPDATE OF status ON bank_accounts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION audit_bank_account_decision();
