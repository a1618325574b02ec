-- One PAN and one Aadhaar verify one account (ADR 039). An account whose KYC is submitted or
-- verified holds its PAN and its Aadhaar; another account cannot submit either. A rejected
-- submission holds nothing: the same person may correct and resubmit, or use another account.
-- The unique indexes decide, so two accounts submitting the same PAN at once cannot both pass
-- (src/kyc/identity.ts turns the violation into a 409 under the field).

-- HMAC-SHA256 of the Aadhaar digits under a key derived from the vault key ('aadhaar-index'):
-- equal numbers give equal values, and without the key the value tells nothing (a bare hash of
-- 12 digits would be reversed by trying them all). The number itself stays in kyc_vault.
-- NULL until the app fills it: SQL has no vault key, so rows older than this migration are
-- filled by the app before it accepts its first submission (indexExistingAadhaars).
ALTER TABLE users
  ADD COLUMN aadhaar_hmac bytea CHECK (octet_length(aadhaar_hmac) = 32),
  -- True on an account that, when uniqueness arrived, already shared its PAN (or Aadhaar) with
  -- an earlier submitted or verified account. Such accounts are left as they were, for an
  -- admin to look into, and are outside the index; the earlier one keeps holding the PAN. A
  -- new submission of the account clears the flag, so from then on the rule applies to it.
  ADD COLUMN kyc_pan_legacy_duplicate boolean NOT NULL DEFAULT false,
  ADD COLUMN kyc_aadhaar_legacy_duplicate boolean NOT NULL DEFAULT false;

-- Of the accounts sharing a PAN, the one that keeps it: verified before submitted, then the
-- earliest submission. The others are flagged, not changed.
UPDATE users u
   SET kyc_pan_legacy_duplicate = true
  FROM (
    SELECT id,
           row_number() OVER (
             PARTITION BY upper(pan_number)
             ORDER BY (kyc_status = 'verified') DESC, kyc_submitted_at NULLS LAST, created_at, id
           ) AS rank
      FROM users
     WHERE kyc_status IN ('submitted', 'verified') AND pan_number IS NOT NULL
  ) d
 WHERE u.id = d.id AND d.rank > 1;

CREATE UNIQUE INDEX users_kyc_pan_key ON users (upper(pan_number))
  WHERE kyc_status IN ('submitted', 'verified') AND NOT kyc_pan_legacy_duplicate;

CREATE UNIQUE INDEX users_kyc_aadhaar_key ON users (aadhaar_hmac)
  WHERE kyc_status IN ('submitted', 'verified') AND NOT kyc_aadhaar_legacy_duplicate;
