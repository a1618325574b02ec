import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Environment variables of DESIGN.md §1, validated once at start-up. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  ADMIN_EMAIL: z.string().trim().toLowerCase().default('admin@sikka.local'),
  ADMIN_PASSWORD: optionalString,
  MARKET_SOURCE: z.enum(['simulated', 'upstream']).default('simulated'),
  TICKER_URL: z.url().default('https://api.coindcx.com/exchange/ticker'),
  MARKET_SEED: z.coerce.number().int().default(20240427),
  /** Market feed poll period (ms); the product polls the ticker once per second. */
  MARKET_POLL_MS: positiveInt(1000),
  /** Upstream ticker request timeout (ms), body included. */
  TICKER_TIMEOUT_MS: positiveInt(5000),
  /** 'false' leaves the feed stopped after start-up; tests then drive it with app.market.tick(). */
  MARKET_AUTOSTART: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** WebSocket heartbeat period (ms): ping, heartbeat message, dead sockets terminated. */
  WS_HEARTBEAT_MS: positiveInt(30_000),
  /** How often open sockets re-check their session (ms), so they close soon after logout. */
  WS_SESSION_CHECK_MS: positiveInt(30_000),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  KYC_ENCRYPTION_KEY: optionalString,
  /** Extra origins allowed to send mutations (comma-separated), besides the request's own host. */
  ALLOWED_ORIGINS: optionalString,
  /** Set when behind a reverse proxy that sets X-Forwarded-* (client IP, https). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Per-account limit: sign-up attempts for one e-mail within an hour. */
  SIGNUP_ATTEMPTS_PER_EMAIL: positiveInt(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-IP request budgets per minute for the auth endpoints. */
  RATE_LIMIT_LOGIN_PER_MIN: positiveInt(20),
  RATE_LIMIT_SIGNUP_PER_MIN: positiveInt(10),
  /** Failed logins for one account within an hour before further tries are refused. */
  ACCOUNT_LOCK_FAILURES: positiveInt(100),
  /** Directory of the built web app; served with SPA fallback when present. */
  WEB_DIST: optionalString,
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
