-- The full Aadhaar number, only ever encrypted (AES-256-GCM with the user id as associated
-- data). users.kyc_document_number keeps the masked form 'XXXX XXXX 1234' for display.
CREATE TABLE kyc_vault (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  ciphertext bytea NOT NULL,
  -- 12 random bytes per encryption
  iv bytea NOT NULL CHECK (octet_length(iv) = 12),
  -- 16-byte GCM authentication tag
  tag bytea NOT NULL CHECK (octet_length(tag) = 16),
  -- first 16 hex digits of SHA-256 of the key that sealed this row (for key rotation)
  key_version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Admin user list: filter by KYC status, newest first.
CREATE INDEX users_kyc_status_created_idx ON users (kyc_status, created_at DESC, id DESC);
