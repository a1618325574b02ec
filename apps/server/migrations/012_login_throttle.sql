-- Login throttle (ADR 008): growing waits per (e-mail, source) instead of an account lock-out
-- anyone could trigger. Kept in SQL so every instance sees the same waits.
CREATE TABLE login_throttle (
  -- the e-mail as typed (lower-cased, NFKC), whether or not an account has it, so a wait tells
  -- nothing about which e-mails exist
  email text NOT NULL,
  -- the client address (an IPv6 address cut to its /64); '' is the account-wide row, which
  -- counts failures from every source that never signed in to this account
  source text NOT NULL,
  -- failures counted, the attempt in progress included (it is counted before the password check)
  failures integer NOT NULL CHECK (failures >= 0),
  -- no password is checked for this key before then
  next_attempt_at timestamptz NOT NULL,
  -- the row no longer counts from then (no failure for LOGIN_FAILURE_MEMORY_MS); housekeeping
  -- deletes it
  forget_at timestamptz NOT NULL,
  PRIMARY KEY (email, source)
);
CREATE INDEX login_throttle_forget_idx ON login_throttle (forget_at);

-- Sources a user has signed up or signed in from: there only the per-source wait applies, so
-- strangers failing from elsewhere never slow the owner down.
CREATE TABLE login_known_sources (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL,
  last_success_at timestamptz NOT NULL,
  forget_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, source)
);
CREATE INDEX login_known_sources_forget_idx ON login_known_sources (forget_at);

-- Failed logins are no longer counted per hour; sign-up conflicts still are.
DELETE FROM auth_attempts WHERE kind = 'login_failure';
