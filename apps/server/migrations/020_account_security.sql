-- Account security (ADR 017): e-mail (outbox and one-time links), two-factor (TOTP, backup codes,
-- passkeys), sessions with devices, sign-in history, in-app notices, and the audit log's source.

-- E-mail verification. Accounts made before this migration signed up when nothing was mailed:
-- they count as verified from their sign-up, so no one is shut out of withdrawing overnight.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = created_at;

-- TOTP (RFC 6238). The secret is sealed with the vault key (AES-256-GCM, bound to the user id);
-- a secret being set up waits in the pending columns until a code from it is typed.
ALTER TABLE users ADD COLUMN totp_secret bytea;
ALTER TABLE users ADD COLUMN totp_secret_iv bytea;
ALTER TABLE users ADD COLUMN totp_secret_tag bytea;
ALTER TABLE users ADD COLUMN totp_pending_secret bytea;
ALTER TABLE users ADD COLUMN totp_pending_iv bytea;
ALTER TABLE users ADD COLUMN totp_pending_tag bytea;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
-- The last time step whose code was accepted: a code is good once (RFC 6238 §5.2).
ALTER TABLE users ADD COLUMN totp_last_step bigint;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_totp_whole
  CHECK ((totp_enabled_at IS NULL) = (totp_secret IS NULL));

-- Ten one-time codes per user, SHA-256 of (user id, code); shown once when made.
CREATE TABLE backup_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- Wrong second-factor codes, counted per user so guessing is slowed wherever it is tried.
CREATE TABLE second_factor_failures (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX second_factor_failures_user_idx ON second_factor_failures (user_id, created_at);

-- Passkeys (WebAuthn). id is the credential id, base64url.
CREATE TABLE passkeys (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at);

-- Short-lived server-side state of a sign-in or a passkey ceremony, found by the SHA-256 of a
-- random token the browser holds in a cookie (or, for a signed-in user, by the session).
CREATE TABLE auth_challenges (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('two_factor_login', 'passkey_login', 'passkey_register')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  -- the WebAuthn challenge (base64url), for the passkey ceremonies
  challenge text,
  remember_me boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_challenges_expires_idx ON auth_challenges (expires_at);

-- One-time links sent by e-mail (reset a password, verify an address); only their SHA-256 is kept.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verify')),
  -- the address it was sent to: a verify link works only while the account still has it
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose) WHERE used_at IS NULL;
CREATE INDEX email_tokens_expires_idx ON email_tokens (expires_at);

-- Every e-mail the product sends goes through here (mail/outbox.ts). The sender claims rows,
-- delivers them over SMTP and then clears the bodies, so no link outlives its delivery here.
-- Without SMTP (npm start on a laptop) rows stay unsent, for the local mailbox page.
CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text,
  html_body text,
  kind text NOT NULL,
  created_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at)
  WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at);

-- Sessions now say where they are: a public id (for signing one out), the device and address
-- they were opened from, when they were last used, and how the sign-in was proven.
ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX sessions_id_key ON sessions (id);
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ADD COLUMN method text NOT NULL DEFAULT 'password'
  CHECK (method IN ('signup', 'password', 'two_factor', 'passkey', 'password_reset'));

-- Browsers a user has signed in from, by the SHA-256 of a long-lived random device cookie: a
-- sign-in from any other is a new device (an e-mail and a notice).
CREATE TABLE user_devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  user_agent text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);

-- Sign-in attempts on an account, kept 90 days (housekeeping). An attempt on an e-mail no account
-- has is not kept: there is no one to show it to.
CREATE TABLE sign_in_events (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  ip text NOT NULL,
  user_agent text NOT NULL,
  method text NOT NULL CHECK (method IN ('password', 'two_factor', 'passkey')),
  outcome text NOT NULL CHECK (outcome IN ('success', 'wrong_password', 'wrong_code', 'throttled',
                                           'code_required')),
  new_device boolean NOT NULL DEFAULT false
);
CREATE INDEX sign_in_events_user_idx ON sign_in_events (user_id, created_at DESC, id DESC);
CREATE INDEX sign_in_events_created_idx ON sign_in_events (created_at);

-- In-app notices (a new sign-in today; KYC and money events later), with a live push.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

CREATE FUNCTION notify_user_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_notice', NEW.user_id::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER notifications_notify AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_user_notice();

-- The audit log says from where: the acting request's client address, set with the actor
-- (audit/audit-log.ts). Security events of an account are logged under target type 'user'.
ALTER TABLE audit_log ADD COLUMN actor_ip text
  DEFAULT nullif(current_setting('sikka.actor_ip', true), '');
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
