-- Bank account numbers users add are sealed like Aadhaar numbers (issue 14, ADR 014). Until
-- now bank_accounts.account_number held them in plain text (014, for the payout).
--
--   account_number_masked  what lists show: 'XXXXXXXXXX6789', the length and the last 4 digits
--                          (the KYC account's number was already this masked form)
--   account_number_hmac    hex HMAC-SHA256 of the digits under a key derived from the vault
--                          key: the duplicate check of bank_accounts_active_key, without the number
--   bank_account_vault     the digits, AES-256-GCM under the vault key, the account id bound in
--                          as associated data (src/money/account-numbers.ts)
--
-- SQL cannot reach the vault key (it lives in DATA_DIR or KYC_ENCRYPTION_KEY, never in the
-- database), so this migration only masks. The plain numbers of added accounts stay in
-- account_number until the server, right after applying migrations, seals them and clears the
-- column in one transaction (sealPlainAccountNumbers, at every start and in db:migrate; a
-- start with none left does nothing). From this migration on no statement may write a plain
-- number: bank_accounts_no_plain_number is NOT VALID, so it binds every new or updated row
-- while the rows it finds wait for that step.
--
-- Instances running the code of before this migration cannot write bank accounts once it is
-- applied (their INSERT carries the plain number): stop them before migrating.

CREATE FUNCTION mask_account_number(p_number text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT repeat('X', greatest(length(p_number) - 4, 0)) || right(p_number, 4)
$$;

ALTER TABLE bank_accounts
  ADD COLUMN account_number_masked text,
  ADD COLUMN account_number_hmac text CHECK (account_number_hmac ~ '^[0-9a-f]{64}$'),
  ALTER COLUMN account_number DROP NOT NULL,
  DROP CONSTRAINT bank_accounts_added_digits;
UPDATE bank_accounts SET account_number_masked = mask_account_number(account_number);
-- The KYC account's number is the KYC's masked form: nothing to seal, the masked copy is all.
UPDATE bank_accounts SET account_number = NULL WHERE source = 'kyc';
ALTER TABLE bank_accounts
  ALTER COLUMN account_number_masked SET NOT NULL,
  ADD CONSTRAINT bank_accounts_masked CHECK (account_number_masked ~ '^X{5,14}[0-9X]{4}$'),
  ADD CONSTRAINT bank_accounts_no_plain_number CHECK (account_number IS NULL) NOT VALID,
  -- An added account has its keyed hash, or (only before the sealing step) its plain number.
  ADD CONSTRAINT bank_accounts_added_hmac CHECK (
    source = 'kyc' OR account_number_hmac IS NOT NULL OR account_number IS NOT NULL
  );

-- One account (number + IFSC) once per user while it is pending or verified, as in 014, now
-- compared by the keyed hash. Same name: the server maps its violation to duplicate_bank_account.
DROP INDEX bank_accounts_active_key;
CREATE UNIQUE INDEX bank_accounts_active_key
  ON bank_accounts (user_id, account_number_hmac, ifsc_code)
  WHERE status <> 'rejected' AND account_number_hmac IS NOT NULL;

-- What the sealing step looks for at every start: empty once it has run, so the look is free.
CREATE INDEX bank_accounts_plain_idx ON bank_accounts (id) WHERE account_number IS NOT NULL;

CREATE TABLE bank_account_vault (
  bank_account_id uuid PRIMARY KEY REFERENCES bank_accounts (id),
  ciphertext bytea NOT NULL,
  -- 12 random bytes per encryption
  iv bytea NOT NULL CHECK (octet_length(iv) = 12),
  -- 16-byte GCM authentication tag
  tag bytea NOT NULL CHECK (octet_length(tag) = 16),
  -- first 16 hex digits of SHA-256 of the key that sealed this row (for key rotation)
  key_version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- 014's KYC account trigger, writing the masked column instead of account_number.
CREATE OR REPLACE FUNCTION kyc_bank_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bank_account_number IS NULL OR NEW.bank_ifsc_code IS NULL OR NEW.bank_name IS NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO bank_accounts (user_id, source, account_number_masked, ifsc_code, bank_name,
                             account_holder_name, status, decided_at, decided_by)
  VALUES (NEW.id, 'kyc', mask_account_number(NEW.bank_account_number), upper(NEW.bank_ifsc_code),
          NEW.bank_name, NEW.full_name, 'verified', clock_timestamp(), audit_actor())
  ON CONFLICT (user_id) WHERE source = 'kyc' DO UPDATE
     SET account_number_masked = EXCLUDED.account_number_masked, ifsc_code = EXCLUDED.ifsc_code,
         bank_name = EXCLUDED.bank_name, account_holder_name = EXCLUDED.account_holder_name,
         status = 'verified', rejection_reason = NULL, decided_at = EXCLUDED.decided_at,
         decided_by = EXCLUDED.decided_by;
  RETURN NEW;
END;
$$;

-- 014's decision audit, the last 4 digits now from the masked column.
CREATE OR REPLACE FUNCTION audit_bank_account_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
  VALUES (
    coalesce(audit_actor(), NEW.decided_by),
    'bank_account.' || NEW.status,
    'bank_account', NEW.id, NEW.user_id,
    jsonb_build_object('status', OLD.status),
    jsonb_build_object('status', NEW.status, 'rejectionReason', NEW.rejection_reason,
                       'ifscCode', NEW.ifsc_code, 'accountLast4', right(NEW.account_number_masked, 4))
  );
  RETURN NEW;
END;
$$;

-- The sealed number of an added account for the admin's view of it (or of a withdrawal to it),
-- with an audit row 'bank_account.number_viewed' naming the admin: the server reads the vault
-- only through this function, so no full number is shown unrecorded. No row (and no audit
-- row) for an unknown account or a KYC one, which has no sealed number.
CREATE FUNCTION reveal_bank_account_number(
  p_account_id uuid,
  p_admin_id uuid,
  p_withdrawal_id uuid DEFAULT NULL
) RETURNS SETOF bank_account_vault LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
  SELECT p_admin_id, 'bank_account.number_viewed', 'bank_account', b.id, b.user_id, '{}'::jsonb,
         jsonb_strip_nulls(jsonb_build_object('withdrawalId', p_withdrawal_id,
                                              'accountLast4', right(b.account_number_masked, 4)))
    FROM bank_accounts b JOIN bank_account_vault v ON v.bank_account_id = b.id
   WHERE b.id = p_account_id;
  RETURN QUERY SELECT * FROM bank_account_vault v WHERE v.bank_account_id = p_account_id;
END;
$$;
