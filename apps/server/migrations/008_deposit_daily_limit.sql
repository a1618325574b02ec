-- The daily INR deposit limit the wallet page displays (₹50,00,000), enforced: requests that
-- are pending or approved, made on the same India (Asia/Kolkata) calendar day, may not add up
-- to more than the limit. The user's row is locked first, so two concurrent requests of one
-- user are checked one after the other and cannot both slip under the limit.
-- Raises SQLSTATE SK008 (004's money codes stop at SK007).
CREATE FUNCTION check_deposit_daily_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_limit constant numeric := 5000000;
  v_day date := (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date;
  v_used numeric;
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  SELECT coalesce(sum(amount), 0) INTO v_used
    FROM deposits
   WHERE user_id = NEW.user_id
     AND status IN ('pending', 'approved')
     AND created_at >= (v_day::timestamp AT TIME ZONE 'Asia/Kolkata')
     AND created_at < ((v_day + 1)::timestamp AT TIME ZONE 'Asia/Kolkata');
  IF v_used + NEW.amount > v_limit THEN
    RAISE EXCEPTION 'Daily deposit limit of ₹50,00,000 reached. You can request up to ₹% more today.',
      to_char(greatest(v_limit - v_used, 0), 'FM99,99,99,990.00')
      USING ERRCODE = 'SK008';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER deposits_daily_limit BEFORE INSERT ON deposits
  FOR EACH ROW EXECUTE FUNCTION check_deposit_daily_limit();
