-- The USDT wallet: one row per user, created with the user in the same transaction.
CREATE TABLE wallets (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_symbol text NOT NULL CHECK (coin_symbol = upper(coin_symbol)),
  -- USDT with 8 decimal places; changed only by the money functions
  balance numeric(30, 8) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, coin_symbol)
);

CREATE FUNCTION create_usdt_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallets (user_id, coin_symbol, balance) VALUES (NEW.id, 'USDT', 0)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;

CREATE TRIGGER users_create_usdt_wallet AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION create_usdt_wallet();
