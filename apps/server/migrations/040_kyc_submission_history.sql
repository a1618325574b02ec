-- KYC records are kept (ADR 041). A new submission replaces the user's current KYC record in
-- `users`; the record it replaces (in practice a rejected one) moves here first, in the same
-- transaction, as it was: what was submitted, the documents' storage keys (the files stay),
-- the sealed Aadhaar, the decision with its reason, reviewer and time. Nothing is deleted on a
-- resubmission any more. PMLA (section 12) and the FIU-IND rules for reporting entities ask
-- for the records of a client's identity, rejected attempts included, for five years after
-- the business relationship ends; the purge that would end them is not built.
--
-- Column names are those of `users`, so one mapping of document kinds to columns
-- (src/kyc/submit.ts, DOCUMENT_COLUMN) reads both tables.
CREATE TABLE kyc_submission_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- No ON DELETE: an account with KYC records cannot be deleted while they are kept.
  user_id uuid NOT NULL REFERENCES users (id),
  -- The status the record had when it was replaced ('rejected': the user may resubmit only
  -- after a rejection, or while pending).
  kyc_status text NOT NULL CHECK (kyc_status IN ('pending', 'submitted', 'verified', 'rejected')),
  kyc_type text,
  kyc_document_type text,
  -- Masked, as in users: 'XXXX XXXX 1234'.
  kyc_document_number text,
  pan_number text,
  bank_name text,
  bank_ifsc_code text,
  -- Masked, as in users.
  bank_account_number text,
  -- The HMAC of the Aadhaar digits (migration 038). Deliberately in no unique index: a
  -- rejected attempt holds nothing (ADR 039), and 038's indexes are on users alone.
  aadhaar_hmac bytea,
  -- The sealed Aadhaar of that submission, moved from kyc_vault byte for byte (AES-256-GCM,
  -- the user id as associated data: openAadhaar(vault, user_id, …) opens it).
  aadhaar_ciphertext bytea,
  aadhaar_iv bytea,
  aadhaar_tag bytea,
  aadhaar_key_version text,
  -- Storage keys of the documents (DATA_DIR/documents or S3), as users held them.
  kyc_front_url text,
  kyc_back_url text,
  kyc_selfie_url text,
  pan_front_url text,
  bank_statement_url text,
  kyc_submitted_at timestamptz,
  kyc_verified_at timestamptz,
  kyc_rejected_reason text,
  -- The decision's actor and time, from the audit log's entry for it (migration 007). No
  -- foreign key: the audit log's actor has none either.
  decided_by uuid,
  decided_at timestamptz,
  -- When the next submission replaced this record.
  replaced_at timestamptz NOT NULL
);

-- The admin's review lists a user's earlier submissions, newest first.
CREATE INDEX kyc_submission_history_user_idx
  ON kyc_submission_history (user_id, replaced_at DESC, id DESC);

-- A kept record stays as it was. The retention purge, when it is built, lifts this in its own
-- migration for the rows whose five years are over.
CREATE FUNCTION kyc_submission_history_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'kyc_submission_history rows are kept as they were'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER kyc_submission_history_no_change BEFORE UPDATE OR DELETE ON kyc_submission_history
  FOR EACH ROW EXECUTE FUNCTION kyc_submission_history_kept();
CREATE TRIGGER kyc_submission_history_no_truncate BEFORE TRUNCATE ON kyc_submission_history
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_submission_history_kept();
