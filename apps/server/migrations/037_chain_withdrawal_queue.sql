-- One approved crypto withdrawal that cannot be signed must not stop the others (ADR 016,
-- "A withdrawal that cannot be sent"). Before this, the sender always took the oldest approved
-- one and waited behind it while the node refused to estimate it (a recipient contract that
-- reverts, an ETH amount above the hot wallet's), and once approved no one could take it off.
--
--   send_attempts       estimates or signings that failed, counted by the sender
--   next_attempt_at     not tried again before this (the sender's backoff); NULL: at once
--   last_send_error     what the node said the last time, for the admin
--   needs_attention_at  the sender gave up after its last attempt: only the admin moves it on
--                       (approve again: tried afresh; reject: the hold goes back)
--
-- None of these is money: a skipped withdrawal is still approved and held, and it takes no
-- nonce (the nonce is taken only in sign_chain_withdrawal's transaction, 018), so the hot
-- wallet's nonces stay gap-free whatever is skipped.

ALTER TABLE chain_withdrawals
  ADD COLUMN send_attempts integer NOT NULL DEFAULT 0
    CONSTRAINT chain_withdrawals_send_attempts_check CHECK (send_attempts >= 0),
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN last_send_error text,
  ADD COLUMN needs_attention_at timestamptz;

-- The sender's turn for an approved withdrawal it could not sign: one more failed attempt, the
-- node's words, and the next try after p_base_delay doubled per earlier failure (so 1×, 2×,
-- 4×, …). At p_max_attempts the sender gives up on it: needs_attention_at is set and the admin
-- decides. SK003 when it is no longer approved (the admin rejected it meanwhile).
CREATE FUNCTION defer_chain_withdrawal(
  p_id uuid,
  p_error text,
  p_base_delay interval,
  p_max_attempts integer
) RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['approved']);
BEGIN
  IF p_max_attempts IS NULL OR p_max_attempts < 1 OR p_base_delay IS NULL THEN
    RAISE EXCEPTION 'Attempts must be at least 1 and a delay given' USING ERRCODE = 'SK005';
  END IF;
  UPDATE chain_withdrawals w
     SET send_attempts = w.send_attempts + 1,
         last_send_error = left(coalesce(nullif(btrim(p_error), ''), 'Unknown error'), 500),
         next_attempt_at = clock_timestamp() + p_base_delay * power(2, least(w.send_attempts, 16)),
         needs_attention_at = CASE WHEN w.send_attempts + 1 >= p_max_attempts
                                   THEN coalesce(w.needs_attention_at, clock_timestamp()) END,
         updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Pending → approved, as 018's; and an approved one the sender gave up on is queued afresh
-- (the admin topped the hot wallet up, or the recipient works again): its attempts start over.
-- Approving one already approved and still queued is SK003, as before.
CREATE OR REPLACE FUNCTION approve_chain_withdrawal(p_id uuid, p_admin_id uuid)
RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals := lock_chain_withdrawal(p_id, ARRAY['pending', 'approved']);
BEGIN
  IF v_w.status = 'approved' THEN
    IF v_w.needs_attention_at IS NULL THEN
      RAISE EXCEPTION 'This withdrawal is already approved' USING ERRCODE = 'SK003';
    END IF;
    UPDATE chain_withdrawals w
       SET send_attempts = 0, next_attempt_at = NULL, needs_attention_at = NULL,
           updated_at = clock_timestamp()
     WHERE w.id = v_w.id
    RETURNING * INTO v_w;
    -- No status change, so the status trigger does not write it: the retry is the admin's act.
    INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after)
    VALUES (coalesce(audit_actor(), p_admin_id), 'chain_withdrawal.requeued', 'chain_withdrawal',
            v_w.id, v_w.user_id, jsonb_build_object('status', 'approved'),
            jsonb_build_object('status', 'approved', 'lastSendError', v_w.last_send_error));
    RETURN v_w;
  END IF;
  UPDATE chain_withdrawals w
     SET status = 'approved', decided_at = clock_timestamp(), decided_by = p_admin_id,
         updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- Pending or approved-but-not-signed → rejected by the admin, with a reason the user reads; the
-- hold goes back. The user row is locked first (lock_chain_withdrawal), as the sender's
-- sign_chain_withdrawal does, so a rejection and a signing of the same withdrawal are ordered:
-- the first to commit wins and the other sees the new status (the sender then rolls back its
-- nonce; the admin gets 409). A signed transaction may already be on the network: it can only
-- complete or fail on chain, never be rejected.
CREATE OR REPLACE FUNCTION reject_chain_withdrawal(p_id uuid, p_reason text, p_admin_id uuid)
RETURNS chain_withdrawals LANGUAGE plpgsql AS $$
DECLARE
  v_w chain_withdrawals;
BEGIN
  IF p_reason IS NULL OR btrim(p_reason) = '' THEN
    RAISE EXCEPTION 'Please provide a reason for rejection' USING ERRCODE = 'SK005';
  END IF;
  v_w := lock_chain_withdrawal(p_id, ARRAY['pending', 'approved', 'signed', 'broadcast',
                                           'completed', 'rejected', 'cancelled', 'failed']);
  IF v_w.status IN ('signed', 'broadcast') THEN
    RAISE EXCEPTION 'This withdrawal is already signed and sent to the network: it can no longer be rejected'
      USING ERRCODE = 'SK003';
  ELSIF v_w.status NOT IN ('pending', 'approved') THEN
    RAISE EXCEPTION 'This withdrawal is already %', v_w.status USING ERRCODE = 'SK003';
  END IF;
  PERFORM release_chain_withdrawal_hold(v_w);
  UPDATE chain_withdrawals w
     SET status = 'rejected', rejection_reason = btrim(p_reason), decided_at = clock_timestamp(),
         decided_by = p_admin_id, next_attempt_at = NULL, updated_at = clock_timestamp()
   WHERE w.id = v_w.id
  RETURNING * INTO v_w;
  RETURN v_w;
END;
$$;

-- The sender's queue: approved ones due, oldest decision first (the in-flight index of 018
-- serves signed and broadcast ones by nonce).
CREATE INDEX chain_withdrawals_queue_idx ON chain_withdrawals (chain_id, decided_at, id)
  WHERE status = 'approved' AND needs_attention_at IS NULL;
