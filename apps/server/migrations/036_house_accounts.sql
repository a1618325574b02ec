-- The accounts the house runs (ADR 037). The market maker was found by its e-mail alone, so
-- whoever signed up with market-maker@sikka.local before the server made the account became
-- the market maker: the house funded their account with about ₹1 crore of INR and of each coin,
-- and topped it up every minute. The house now names its accounts here, and tops up only those.
CREATE TABLE house_accounts (
  name text PRIMARY KEY CHECK (name IN ('market_maker')),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id)
);

-- A market maker the server made before this migration is adopted: it is the only way to a
-- verified KYC that was never submitted (an admin can verify only a submission), and it was
-- never an admin. Any other account holding the address is not the house's: the market maker
-- then does not run, and says why (spot/market-maker.ts).
INSERT INTO house_accounts (name, user_id)
SELECT 'market_maker', id
  FROM users
 WHERE email = 'market-maker@sikka.local'
   AND role = 'user'
   AND kyc_status = 'verified'
   AND kyc_submitted_at IS NULL;

-- The market maker's top-ups go through here: to the account named, never to a user id the
-- caller found. (spot_fund_account, 021, stays the step that moves the money.)
-- Error codes: SK022 the house has no such account (nothing is funded).
CREATE FUNCTION fund_house_account(p_name text, p_asset text, p_amount numeric)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid;
BEGIN
  SELECT user_id INTO v_user FROM house_accounts WHERE name = p_name;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'The house has no % account', p_name USING ERRCODE = 'SK022';
  END IF;
  PERFORM spot_fund_account(v_user, p_asset, p_amount);
  RETURN v_user;
END;
$$;
