-- A passkey may stand in for the TOTP code of a step-up (withdrawals, bank accounts, security
-- changes): its WebAuthn challenge waits here, one at a time per user, like a registration's.
ALTER TABLE auth_challenges DROP CONSTRAINT auth_challenges_purpose_check;
ALTER TABLE auth_challenges ADD CONSTRAINT auth_challenges_purpose_check
  CHECK (purpose IN ('two_factor_login', 'passkey_login', 'passkey_register', 'passkey_step_up'));
