-- The footer's newsletter box: one row per address. The address is stored lower-cased and
-- unique, so subscribing again (any case) changes nothing: the route is idempotent.
CREATE TABLE newsletter_subscriptions (
  email text PRIMARY KEY CHECK (email = lower(email) AND length(email) <= 254),
  created_at timestamptz NOT NULL DEFAULT now()
);
