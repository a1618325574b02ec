-- A freeze (034, ADR 035) also stops a crypto withdrawal the admin approved that the hot wallet
-- has not signed yet: an intruder's request approved before the owner noticed must not leave
-- after the freeze, nor when the admin unfreezes. It is cancelled and its hold goes back, as a
-- pending one. A signed one has its nonce and is already on its way (ADR 016): it goes out.
--
-- Locks: the user first, as every status change of a withdrawal takes it first (014, 018), so
-- the hot wallet's signing, the admin's decisions and the owner's cancels wait for the freeze
-- or finish before it, and the statuses read here cannot change under it.
CREATE OR REPLACE FUNCTION freeze_account(p_user_id uuid, p_via text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  v_frozen timestamptz;
  v_cancelled int := 0;
  v_id uuid;
  v_w chain_withdrawals;
BEGIN
  SELECT frozen_at INTO v_frozen FROM users WHERE id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No such user' USING ERRCODE = 'SK004';
  END IF;
  IF v_frozen IS NOT NULL THEN
    RETURN NULL;
  END IF;
  UPDATE users SET frozen_at = clock_timestamp(), frozen_via = p_via, updated_at = now()
   WHERE id = p_user_id;
  DELETE FROM sessions WHERE user_id = p_user_id;
  FOR v_id IN SELECT id FROM withdrawals WHERE user_id = p_user_id AND status = 'pending' ORDER BY id LOOP
    PERFORM cancel_withdrawal(v_id, p_user_id);
    v_cancelled := v_cancelled + 1;
  END LOOP;
  FOR v_id IN SELECT id FROM chain_withdrawals
               WHERE user_id = p_user_id AND status IN ('pending', 'approved') ORDER BY id LOOP
    v_w := lock_chain_withdrawal(v_id, ARRAY['pending', 'approved'], p_user_id);
    PERFORM release_chain_withdrawal_hold(v_w);
    UPDATE chain_withdrawals w
       SET status = 'cancelled', decided_at = clock_timestamp(), decided_by = p_user_id,
           updated_at = clock_timestamp()
     WHERE w.id = v_id;
    v_cancelled := v_cancelled + 1;
  END LOOP;
  RETURN v_cancelled;
END;
$$;
