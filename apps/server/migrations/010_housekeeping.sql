-- Housekeeping (src/housekeeping.ts) deletes sign-in attempts older than the rate-limit
-- window; this index keeps that DELETE from reading the whole table. Sessions
-- (sessions_expires_idx) and idempotency keys (idempotency_keys_created_idx) have theirs.
CREATE INDEX auth_attempts_created_idx ON auth_attempts (created_at);
