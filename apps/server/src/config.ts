import { isIP } from 'node:net';
import { z } from 'zod';
import {
  compareDecimal,
  TDS_RATE_DEFAULT,
  TRADE_MAX_TOTAL_INR,
  TRADE_MIN_TOTAL_INR,
  WITHDRAW_DAILY_LIMIT_INR,
  WITHDRAW_MAX_INR,
  WITHDRAW_MIN_INR,
  SPOT_COINS_DEFAULT,
  SPOT_MARKET_SPECS,
} from '@sikka/contracts';
import { normaliseOrigin } from './http/origins.ts';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Comma-separated origins; checked at start-up because a typo would refuse every change. */
const originList = optionalString.refine(
  (v) => v === undefined || v.split(',').every((s) => !s.trim() || normaliseOrigin(s) !== null),
  'expected comma-separated origins like https://sikka.example (scheme://host[:port])',
);

/** The names @fastify/proxy-addr expands into address ranges (loopback, link-local, private). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, or one with a /prefix no longer than its family allows. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (ADR 038): false, or the proxy addresses as Fastify's `trustProxy` takes them.
 * `true` and hop counts are refused, not reinterpreted: `true` used to trust every entry of
 * X-Forwarded-For (the client writes the left-most ones), and Fastify 5.12 reads a number as
 * trusting no one.
 */
const trustedProxies = optionalString.transform((v, ctx): false | string[] => {
  if (v === undefined) return false;
  const word = v.toLowerCase();
  if (word === 'false' || word === '0') return false;
  if (word === 'true' || /^\d+$/.test(word)) {
    ctx.addIssue({
      code: 'custom',
      message: `'${v}' is no longer accepted (${word === 'true' ? 'it trusted every X-Forwarded-For entry, and clients write their own' : 'a hop count cannot tell a proxy from a client connecting directly'}): list the addresses your proxies connect from, e.g. TRUST_PROXY=10.0.0.0/16 (the load balancers' subnet) or 127.0.0.1 (a proxy on this machine); see docs/adr/038-trusted-proxies.md`,
    });
    return z.NEVER;
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !PROXY_RANGE_NAMES.has(e) && !isAddressOrCidr(e));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected false or comma-separated proxy addresses or CIDRs (e.g. 10.0.0.0/16,127.0.0.1), not ${bad.map((e) => `'${e}'`).join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A rupee amount of at least ₹0.01 with at most 2 places, kept as a decimal string. */
const inrAmount = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be rupees with at most 2 decimal places')
    .refine((v) => compareDecimal(v, '0.01') >= 0, 'must be at least 0.01')
    .default(fallback);

/** A fee as a decimal fraction below 0.1 with at most 6 places. */
const feeRate = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^0(\.0\d{0,5})?$/, 'must be a decimal fraction below 0.1, e.g. 0.001')
    .default(fallback);

/** Environment variables of DESIGN.md §1, validated once at start-up. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  /**
   * The embedded database when DATABASE_URL is unset (ADR 022): real PostgreSQL from npm run by
   * the server in DATA_DIR/pg, or PGlite (WebAssembly) in DATA_DIR/db.
   */
  EMBEDDED_DB: z.enum(['postgres', 'pglite']).default('postgres'),
  /**
   * The embedded PostgreSQL's synchronous_commit. 'off' (default): a commit is answered before
   * its WAL reaches the disk; a crash of the server or of postgres loses nothing, a power loss
   * or OS crash the last fraction of a second (never consistency). 'on': every commit waits
   * for its fsync (ADR 022).
   */
  EMBEDDED_PG_SYNCHRONOUS_COMMIT: z.enum(['on', 'off']).default('off'),
  ADMIN_EMAIL: z.string().trim().toLowerCase().default('admin@sikka.local'),
  ADMIN_PASSWORD: optionalString,
  MARKET_SOURCE: z.enum(['simulated', 'upstream']).default('simulated'),
  TICKER_URL: z.url().default('https://api.coindcx.com/exchange/ticker'),
  MARKET_SEED: z.coerce.number().int().default(20240427),
  /** Market feed poll period (ms); the product polls the ticker once per second. */
  MARKET_POLL_MS: positiveInt(1000),
  /**
   * With MARKET_SOURCE=upstream on PostgreSQL: how often (ms) an instance tries to become the
   * one that polls the upstream for all (market/shared-feed.ts), so the longest a dead poller
   * goes unreplaced.
   */
  MARKET_POLLER_CHECK_MS: positiveInt(2000),
  /** Upstream ticker request timeout (ms), body included. */
  TICKER_TIMEOUT_MS: positiveInt(5000),
  /** 'false' leaves the feed stopped after start-up; tests then drive it with app.market.tick(). */
  MARKET_AUTOSTART: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** WebSocket heartbeat period (ms): ping, heartbeat message, dead sockets terminated. */
  WS_HEARTBEAT_MS: positiveInt(30_000),
  /**
   * How often every open socket's session is re-checked (ms): the backstop for a session that
   * merely expired. A deleted session (logout, sign-out, freeze…) closes its sockets at once
   * through `session_ended` (ADR 040).
   */
  WS_SESSION_CHECK_MS: positiveInt(30_000),
  /** WebSockets one signed-in user may hold open on one instance; more are refused with 429. */
  WS_MAX_PER_USER: positiveInt(20),
  /**
   * WebSockets one client address (an IPv6 /64) may hold open on one instance, signed in or
   * not; more are refused with 429. Behind a proxy this needs TRUST_PROXY (ADR 038, ADR 040).
   */
  WS_MAX_PER_IP: positiveInt(50),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  KYC_ENCRYPTION_KEY: optionalString,
  /**
   * Where users open the web app (comma-separated origins, e.g. https://sikka.example): only
   * pages of these may send changes or open the socket. Default: the listen address
   * (http://HOST:PORT, plus localhost and 127.0.0.1 when HOST is loopback or a wildcard).
   */
  PUBLIC_ORIGIN: originList,
  /** More origins allowed, added to PUBLIC_ORIGIN or its default (comma-separated). */
  ALLOWED_ORIGINS: originList,
  /**
   * The reverse proxies whose X-Forwarded-* the server believes (client IP, https), as the
   * addresses they connect from (comma-separated IPs or CIDRs); unset, false or 0: none
   * (ADR 038). The client is the right-most X-Forwarded-For entry not in the list, so what a
   * client writes into the header itself is never taken.
   */
  TRUST_PROXY: trustedProxies,
  /** Per-account limit: sign-up attempts for one e-mail within an hour. */
  SIGNUP_ATTEMPTS_PER_EMAIL: positiveInt(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-IP request budgets per minute for the auth endpoints. */
  RATE_LIMIT_LOGIN_PER_MIN: positiveInt(20),
  RATE_LIMIT_SIGNUP_PER_MIN: positiveInt(10),
  /**
   * Login throttle (ADR 008), never a lock-out. Failed logins for one e-mail from one source
   * (client address; an IPv6 /64) that are let through before that source must wait.
   */
  LOGIN_FREE_FAILURES_PER_SOURCE: positiveInt(5),
  /** Failed logins for one e-mail, from all the sources it never signed in from, before those wait. */
  LOGIN_FREE_FAILURES_PER_ACCOUNT: positiveInt(20),
  /** The first wait (ms) once the free failures are used; it doubles with each further failure. */
  LOGIN_DELAY_BASE_MS: positiveInt(1000),
  /** Longest wait (ms) between two checked passwords from one source for one e-mail. */
  LOGIN_SOURCE_DELAY_MAX_MS: positiveInt(15 * 60_000),
  /** Longest wait (ms) between two checked passwords for one e-mail from sources it never used. */
  LOGIN_ACCOUNT_DELAY_MAX_MS: positiveInt(60_000),
  /** Failures are forgotten once no failure came for this long (ms). */
  LOGIN_FAILURE_MEMORY_MS: positiveInt(24 * 60 * 60_000),
  /** Per-user request budget per minute of each money-moving route (trades, deposit requests). */
  RATE_LIMIT_MONEY_PER_MIN: positiveInt(30),
  /** Bounds of one quick trade's INR total (decimal rupees); the minimum is at least ₹0.01. */
  TRADE_MIN_TOTAL_INR: inrAmount(TRADE_MIN_TOTAL_INR),
  TRADE_MAX_TOTAL_INR: inrAmount(TRADE_MAX_TOTAL_INR),
  /** Bounds of one INR withdrawal request, and of a user's pending + paid requests per India day. */
  WITHDRAW_MIN_INR: inrAmount(WITHDRAW_MIN_INR),
  WITHDRAW_MAX_INR: inrAmount(WITHDRAW_MAX_INR),
  WITHDRAW_DAILY_LIMIT_INR: inrAmount(WITHDRAW_DAILY_LIMIT_INR),
  /**
   * TDS withheld from every USDT sell's INR proceeds (Income-tax Act section 194S), as a
   * decimal fraction: '0.01' = 1%, '0' turns it off. At most 6 places, below 1.
   */
  TDS_RATE: z
    .string()
    .trim()
    .regex(/^0(\.\d{1,6})?$/, 'must be a decimal fraction from 0 to below 1, e.g. 0.01')
    .default(TDS_RATE_DEFAULT),
  /**
   * Which EVM chain the crypto wallet uses (ADR 015, phase 3): 'dev' starts a local Anvil
   * chain with a test USDT and a faucet (state kept in DATA_DIR/anvil-state.json); 'rpc' uses
   * EVM_RPC_URL; 'off' runs without one (the crypto routes answer 503). Default: 'rpc' when
   * EVM_RPC_URL is set, else 'dev'; tests default to 'off' (testConfig).
   */
  EVM_CHAIN: z.enum(['dev', 'rpc', 'off']).optional(),
  /**
   * The chain's node for EVM_CHAIN=rpc. It needs EVM_CHAIN_ID (what the keys sign for;
   * checked against the node) and USDT_CONTRACT (the token's address on that chain).
   */
  EVM_RPC_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/\S+$/.test(v),
    'expected an http(s) JSON-RPC URL',
  ),
  EVM_CHAIN_ID: optionalString
    .refine((v) => v === undefined || /^[1-9]\d{0,14}$/.test(v), 'expected a chain id (1, 137…)')
    .transform((v) => (v === undefined ? undefined : Number(v))),
  USDT_CONTRACT: optionalString.refine(
    (v) => v === undefined || /^0x[0-9a-fA-F]{40}$/.test(v),
    'expected a 0x-prefixed 40-hex-digit contract address',
  ),
  /**
   * BIP-39 mnemonic every deposit address and the hot wallet derive from. Unset: generated
   * into DATA_DIR/evm-seed on first start (with a warning), fit only for test funds.
   */
  EVM_MNEMONIC: optionalString,
  /**
   * Blocks a chain deposit needs (its own included, so 1 = mined) before it is credited: a
   * reorganisation shallower than this cannot take back credited coins (ADR 015, "Deposits").
   */
  CHAIN_CONFIRMATIONS: positiveInt(3),
  /** Pause (ms) between the deposit watcher's scans once caught up with the chain's head. */
  CHAIN_POLL_MS: positiveInt(1000),
  /** The dev chain mines a block this often (seconds), so deposits gain confirmations. */
  EVM_DEV_BLOCK_SECONDS: positiveInt(1),
  /**
   * Where mail goes (ADR 017): an SMTP URL (smtp://user:pass@host:587, smtps://… for TLS) read
   * by nodemailer. Unset: mail stays in the outbox table; outside production the local mailbox
   * page (/dev/mailbox) shows it and each link is logged.
   */
  SMTP_URL: optionalString.refine(
    (v) => v === undefined || /^smtps?:\/\/\S+$/.test(v),
    'expected smtp://host:port or smtps://host:port (user:password@ allowed)',
  ),
  /** The sender of every mail. */
  MAIL_FROM: z.string().trim().default('Sikka <no-reply@sikka.local>'),
  /** Pause (ms) between the mail sender's scans of the outbox when nothing is waiting. */
  MAIL_POLL_MS: positiveInt(2000),
  /** The spot exchange (issue 17, ADR 018): 'on' opens /trade's order books; off by default. */
  SPOT_TRADING: z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default('off')
    .transform((v) => v === 'on' || v === 'true' || v === '1'),
  /** Coins with an INR spot market, comma-separated, from SPOT_MARKET_SPECS. */
  SPOT_COINS: z
    .string()
    .trim()
    .default(SPOT_COINS_DEFAULT.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine(
      (coins) => coins.length > 0 && coins.every((c) => c in SPOT_MARKET_SPECS),
      `expected coins from ${Object.keys(SPOT_MARKET_SPECS).join(', ')}`,
    ),
  /** Fees of a spot fill, decimal fractions of its INR value ('0.001' = 0.1%), charged in INR. */
  SPOT_MAKER_FEE: feeRate('0.001'),
  SPOT_TAKER_FEE: feeRate('0.002'),
  /**
   * The house market maker quotes both sides around the feed's price: 'auto' = on with the
   * simulated market, off with upstream prices.
   */
  SPOT_MARKET_MAKER: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Per-user budget per minute of spot order placements and cancels (each route on its own). */
  SPOT_ORDERS_PER_MIN: positiveInt(600),
  /** How long (ms) a request forwarded to another instance's engine waits for its answer. */
  SPOT_REMOTE_TIMEOUT_MS: positiveInt(10_000),
  /** Orders the engine writes in one transaction at most (group commit). */
  SPOT_BATCH_MAX: positiveInt(500),
  /** How often (ms) an instance tries to take over markets whose engine is not running. */
  SPOT_TAKEOVER_MS: positiveInt(1000),
  /** Directory of the built web app; served with SPA fallback when present. */
  WEB_DIST: optionalString,
});

export type EvmChainMode = 'dev' | 'rpc' | 'off';

/** The settings, with EVM_CHAIN resolved (its default depends on EVM_RPC_URL). */
export type Config = Omit<z.infer<typeof envSchema>, 'EVM_CHAIN'> & { EVM_CHAIN: EvmChainMode };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (compareDecimal(parsed.data.TRADE_MIN_TOTAL_INR, parsed.data.TRADE_MAX_TOTAL_INR) > 0) {
    throw new ConfigError(
      'Invalid configuration:\n  TRADE_MIN_TOTAL_INR: must not be above TRADE_MAX_TOTAL_INR',
    );
  }
  if (compareDecimal(parsed.data.WITHDRAW_MIN_INR, parsed.data.WITHDRAW_MAX_INR) > 0) {
    throw new ConfigError(
      'Invalid configuration:\n  WITHDRAW_MIN_INR: must not be above WITHDRAW_MAX_INR',
    );
  }
  if (parsed.data.EVM_RPC_URL && (!parsed.data.EVM_CHAIN_ID || !parsed.data.USDT_CONTRACT)) {
    throw new ConfigError(
      'Invalid configuration:\n  EVM_RPC_URL: also set EVM_CHAIN_ID and USDT_CONTRACT for that chain',
    );
  }
  const chain = parsed.data.EVM_CHAIN ?? (parsed.data.EVM_RPC_URL ? 'rpc' : 'dev');
  if (chain === 'rpc' && !parsed.data.EVM_RPC_URL) {
    throw new ConfigError('Invalid configuration:\n  EVM_CHAIN: rpc needs EVM_RPC_URL');
  }
  // Refused rather than ignored: someone who set a node's URL expects it to be used.
  if (chain === 'dev' && parsed.data.EVM_RPC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  EVM_CHAIN: dev starts its own chain; unset EVM_RPC_URL or use EVM_CHAIN=rpc',
    );
  }
  return { ...parsed.data, EVM_CHAIN: chain };
}

/**
 * A config for tests and tools: defaults plus overrides, without reading process.env. No
 * chain unless asked for (EVM_CHAIN, or buildApp's `devChain`): most tests never need Anvil.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EVM_CHAIN: 'off' }),
    ...overrides,
  };
}
