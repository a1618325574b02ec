-- Accounts and server-side sessions.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  full_name text NOT NULL,
  phone text,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  password_hash text NOT NULL,
  kyc_status text NOT NULL DEFAULT 'pending'
    CHECK (kyc_status IN ('pending', 'submitted', 'verified', 'rejected')),
  kyc_type text,
  kyc_document_type text,
  -- masked (last 4 digits only); the full number lives only encrypted in kyc_vault
  kyc_document_number text,
  kyc_front_url text,
  kyc_back_url text,
  kyc_selfie_url text,
  pan_number text,
  pan_front_url text,
  bank_statement_url text,
  kyc_submitted_at timestamptz,
  kyc_verified_at timestamptz,
  kyc_rejected_reason text,
  bank_name text,
  bank_ifsc_code text,
  -- masked (last 4 digits only)
  bank_account_number text,
  -- INR, rupees with paise; changed only by the money functions
  balance numeric(20, 2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lower CHECK (email = lower(email))
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC);

CREATE TABLE sessions (
  -- SHA-256 of the 256-bit token, hex; the token itself is never stored
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Failed logins and repeated sign-ups per account, for per-account limits (kept in SQL so
-- every instance sees them). Old rows are pruned by the app.
CREATE TABLE auth_attempts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('login_failure', 'signup_conflict')),
  email text NOT NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_attempts_email_idx ON auth_attempts (email, kind, created_at);
