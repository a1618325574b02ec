-- An anti-phishing code per account (ADR 034): the user chooses it, and every mail Sikka sends
-- the account shows it at the top, so a mail that claims to be Sikka's without it is not.
-- Letters and digits only (as the API checks), so it reads the same in every mail client and
-- can never carry markup into a mail.
ALTER TABLE users ADD COLUMN anti_phishing_code text
  CONSTRAINT users_anti_phishing_code_check CHECK (anti_phishing_code ~ '^[A-Za-z0-9]{4,20}$');
