-- A session that ends closes its WebSockets at once (ADR 040). Every deletion of session rows,
-- whatever deletes them (logout, signing out one or all other sessions, a password reset or
-- change, a freeze, a user's removal by cascade, the expiry sweep), notifies channel
-- `session_ended` with the user id, once per user per statement (NOTIFY also sends duplicates
-- within a transaction once). Each instance's realtime hub then asks the sessions table about
-- that user's sockets. The payload is the user id only, as on `balance_changed`: nothing in it
-- names a session, let alone lets a listener resume one. Sent at commit, never for a rollback.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', u.user_id::text)
     FROM (SELECT DISTINCT e.user_id FROM ended e) u;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_ended_notify AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_ended();
