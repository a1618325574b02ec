-- Look-alike e-mails (ADR 008): the UTS #39 skeleton of each e-mail, unique, so аdmin@… (Cyrillic
-- а) or admin@… with rn for m cannot sign up beside the real one. The skeleton is computed by the
-- server (the confusables table lives in JavaScript); rows without one, the ones made before
-- this migration or by the admin bootstrap, are filled in at start-up and before each sign-up.
ALTER TABLE users ADD COLUMN email_skeleton text;
CREATE UNIQUE INDEX users_email_skeleton_key ON users (email_skeleton);
CREATE INDEX users_email_skeleton_missing_idx ON users (created_at) WHERE email_skeleton IS NULL;
