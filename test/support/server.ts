/**
 * The one door from test code outside apps/server (e2e/, bench/, test/reliability/, and the
 * rest of test/support) into the server's source. Everything here is exported on purpose:
 * browser tests, benchmarks and crash tests drive the production code, not a copy, and this
 * list is what they depend on. ESLint (eslint.config.js) forbids bench/ and e2e/ from
 * importing apps/server/** any other way, so a server refactor breaks this file only.
 */

/** The production app: e2e and the bench serve it for real; test apps are built from it. */
export { buildApp } from '../../apps/server/src/app.ts';

/**
 * Configuration: `loadConfig` builds the bench server from environment variables as main.ts
 * does; `testConfig` gives e2e and test apps the defaults plus overrides; `envSchema` tells
 * the bench which variables are the server's own (so a developer's are never inherited).
 */
export { envSchema, loadConfig, testConfig, type Config } from '../../apps/server/src/config.ts';

/**
 * Test apps built in a test's own process hash passwords at argon2id's smallest cost (ADR
 * 036): thousands of sign-ups and sign-ins. The bench never calls it; a spawned server never can.
 */
export { useCheapPasswordHashingInThisTestProcess } from '../../apps/server/src/auth/passwords.ts';

/** Database handles: tests open fresh databases with the server's own drivers. */
export type { Db, Queryable } from '../../apps/server/src/db/index.ts';
export { openPglite } from '../../apps/server/src/db/pglite.ts';
export { openPostgres } from '../../apps/server/src/db/postgres.ts';

/**
 * Sessions made in SQL: the bench seeds hundreds of signed-in traders without argon2, so it
 * needs the server's token format and hash; the trades bench resolves a session as the
 * auth hook does.
 */
export { hashToken, newSessionToken } from '../../apps/server/src/auth/tokens.ts';
export { findSessionUser, LAST_SEEN_RESOLUTION_MS } from '../../apps/server/src/auth/sessions.ts';

/**
 * The quick-trade path without HTTP: the trades bench measures the SQL and its idempotency
 * key exactly as the route runs them; `usdtInrRate` is the rate the route would trade at.
 */
export { requestHash } from '../../apps/server/src/money/idempotency.ts';
export { runQuickTrade } from '../../apps/server/src/money/trades.ts';
export { quickTradeForSession } from '../../apps/server/src/money/quick-trade-session.ts';
export { moneyLimitKeyPrefix } from '../../apps/server/src/http/rate-limits.ts';
export { usdtInrRate } from '../../apps/server/src/money/rate.ts';

/**
 * The local EVM chain (ADR 015): test/support/anvil.ts starts one per test file, and the
 * browser tests and the bench will fund deposit addresses through its faucet.
 */
export {
  ANVIL_MNEMONIC,
  DEV_CHAIN_ID,
  startDevChain,
  type DevChain,
  type DevChainOptions,
} from '../../apps/server/src/chain/dev-chain.ts';
/** The spot matching engine: the bench feeds it a recorded order stream in-process. */
export { OrderBook as SpotOrderBook } from '../../apps/server/src/spot/engine/order-book.ts';
