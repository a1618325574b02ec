-- A signed-in user may change the account's e-mail address (ADR 033): a link to the new
-- address confirms it, and withdrawals pause for a day after the change.
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'email_verify', 'email_change'));
ALTER TABLE users ADD COLUMN email_changed_at timestamptz;
