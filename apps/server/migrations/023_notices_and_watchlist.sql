-- The signed-in user's watchlist, kept on the server so it follows them to another device
-- (guests keep the browser's list only). One row per coin; `position` keeps the order coins
-- were added in. The size bound (WATCHLIST_MAX) is checked by the route that writes it.
CREATE TABLE watchlist_items (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id text NOT NULL CHECK (coin_id ~ '^[A-Z0-9]{1,20}INR$'),
  position integer NOT NULL CHECK (position >= 0),
  PRIMARY KEY (user_id, coin_id)
);
CREATE INDEX watchlist_items_order_idx ON watchlist_items (user_id, position);

-- Notices of account decisions (KYC, deposits, withdrawals, crypto withdrawals) need no new
-- schema: they are rows of migration 020's notifications table, written by the decisions.
