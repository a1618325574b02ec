-- Shared state of several server instances on one PostgreSQL (docs/scaling.md).

-- The upstream ticker as the elected poller last read it: one row, overwritten every poll.
-- Followers get each poll by NOTIFY market_ticker ('<seq>:<json>' when it fits in a NOTIFY's
-- 8000 bytes, else '<seq>:' and they read this row), and read it on start and after a
-- reconnect. Nothing here is worth a WAL record: it is rebuilt by the next poll.
CREATE UNLOGGED TABLE market_shared_ticker (
  id smallint PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  payload text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- @fastify/rate-limit's counters (http/pg-rate-limit-store.ts): one row per key and window,
-- so a per-IP or per-user budget holds across instances. Lost in a crash like the in-memory
-- counters they replace; expired rows are deleted by the store every minute.
CREATE UNLOGGED TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_expires ON rate_limit_hits (expires_at);
