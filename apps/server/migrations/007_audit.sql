-- Append-only audit log of decisions: KYC status changes and deposit decisions. Written by
-- triggers, so no code path (API, SQL function, console) can change these states unrecorded.
-- The acting user is the transaction's `sikka.actor_id` setting (set by the admin routes),
-- else the deposit's decided_by, else the user the row belongs to (their own submission).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id uuid,
  action text NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('user', 'deposit')),
  target_id uuid NOT NULL,
  -- the user the target belongs to, for search and display
  subject_user_id uuid,
  before jsonb NOT NULL,
  after jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_user_id, created_at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

CREATE FUNCTION audit_actor() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('sikka.actor_id', true), '')::uuid
$$;

CREATE FUNCTION audit_user_kyc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
  VALUES (
    coalesce(audit_actor(), NEW.id),
    'kyc.' || NEW.kyc_status,
    'user', NEW.id, NEW.id,
    jsonb_build_object('kycStatus', OLD.kyc_status, 'kycRejectedReason', OLD.kyc_rejected_reason,
                       'kycVerifiedAt', OLD.kyc_verified_at),
    jsonb_build_object('kycStatus', NEW.kyc_status, 'kycRejectedReason', NEW.kyc_rejected_reason,
                       'kycVerifiedAt', NEW.kyc_verified_at)
  );
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_audit_kyc AFTER UPDATE OF kyc_status ON users
  FOR EACH ROW WHEN (OLD.kyc_status IS DISTINCT FROM NEW.kyc_status)
  EXECUTE FUNCTION audit_user_kyc();

CREATE FUNCTION audit_deposit_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
  VALUES (
    coalesce(audit_actor(), NEW.decided_by),
    'deposit.' || NEW.status,
    'deposit', NEW.id, NEW.user_id,
    jsonb_build_object('status', OLD.status, 'amount', OLD.amount::text, 'utrNumber', OLD.utr_number),
    jsonb_build_object('status', NEW.status, 'amount', NEW.amount::text, 'utrNumber', NEW.utr_number,
                       'rejectionReason', NEW.rejection_reason)
  );
  RETURN NEW;
END;
$$;
CREATE TRIGGER deposits_audit_decision AFTER UPDATE OF status ON deposits
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION audit_deposit_decision();
