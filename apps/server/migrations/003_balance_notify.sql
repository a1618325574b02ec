-- Balance events for the realtime hub (DESIGN.md §5): any change of a user's INR balance or
-- USDT wallet, made by any server instance, a money function or an admin, notifies channel
-- `balance_changed` with the user id. NOTIFY is delivered at commit (never for a rolled-back
-- change), and duplicates within one transaction are sent once.
CREATE FUNCTION notify_user_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('balance_changed', NEW.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_balance_notify AFTER UPDATE OF balance ON users
  FOR EACH ROW WHEN (OLD.balance IS DISTINCT FROM NEW.balance)
  EXECUTE FUNCTION notify_user_balance_changed();

CREATE FUNCTION notify_wallet_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One function for INSERT and UPDATE: a WHEN clause could not mention OLD for INSERT.
  IF TG_OP = 'UPDATE' AND OLD.balance IS NOT DISTINCT FROM NEW.balance
     AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('balance_changed', NEW.user_id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER wallets_balance_notify AFTER INSERT OR UPDATE ON wallets
  FOR EACH ROW EXECUTE FUNCTION notify_wallet_balance_changed();
