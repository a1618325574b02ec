import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  buildApp,
  openPostgres,
  testConfig,
  useCheapPasswordHashingInThisTestProcess,
  type Config,
  type Db,
  type DevChain,
  type Queryable,
} from './server.ts';
import { createPgDatabase, openTestDb, type Driver } from './databases.ts';
import { totpCode } from './two-factor.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

export interface TestApp {
  app: FastifyInstance;
  /** Moves the server's clock (session expiry, per-hour limits). */
  advance(ms: number): void;
  /** The app's DATA_DIR: a fresh temporary directory (removed on close) unless overridden. */
  dataDir: string;
  close(): Promise<void>;
}

export const ADMIN = { email: 'admin@sikka.local', password: 'admin-test-password-1' };

export interface StartOptions {
  /** PostgreSQL pool size (concurrency tests); PGlite ignores it. */
  poolSize?: number;
  /** Fixes or moves the USDT/INR rate quick trades use. */
  usdtInrRate?: () => string | null;
  /** Receives the app's log lines (JSON), e.g. to assert what was logged; set LOG_LEVEL too. */
  logStream?: { write(line: string): void };
  /** Runs the crypto wallet on this dev chain (test/support/anvil.ts); the test stops it. */
  devChain?: DevChain;
  /** false: the app does not start the deposit watcher; the test steps app.cryptoWallet.watcher. */
  watchDeposits?: boolean;
  /**
   * true: passwords are hashed at the production cost (OWASP argon2id), for the tests of how
   * they are stored and how long a sign-in takes. By default a test app uses argon2id's
   * smallest cost (ADR 036). The cost is the test process's: the last app started decides.
   */
  productionPasswordHashing?: boolean;
  /**
   * true: the server's clock stands still except for `advance`, so a test of waits measured in
   * seconds (the login throttle) does not depend on how fast this machine runs it.
   */
  frozenClock?: boolean;
}

/** The production `buildApp` on a fresh database of the given driver, with a movable clock. */
export async function startTestApp(
  driver: Driver,
  overrides: Partial<Config> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  useCheapPasswordHashingInThisTestProcess(!options.productionPasswordHashing);
  const db = await openTestDb(driver, options.poolSize);
  // Each app gets its own DATA_DIR (documents, generated KYC key) unless a test picks one.
  const ownDataDir = overrides.DATA_DIR === undefined;
  const dataDir = overrides.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'sikka-test-')));
  let offset = 0;
  const start = Date.now();
  const app = await buildApp(
    testConfig({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
      // Tests sign many users up from one address; the limit tests set their own budgets.
      RATE_LIMIT_LOGIN_PER_MIN: 100_000,
      RATE_LIMIT_SIGNUP_PER_MIN: 100_000,
      // Money tests trade many times a minute as one user; the limit's own test sets it.
      RATE_LIMIT_MONEY_PER_MIN: 100_000,
      ...overrides,
    }),
    {
      db,
      clock: () => new Date((options.frozenClock ? start : Date.now()) + offset),
      ...(options.usdtInrRate ? { usdtInrRate: options.usdtInrRate } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.devChain ? { devChain: options.devChain } : {}),
      ...(options.watchDeposits === false ? { watchDeposits: false } : {}),
    },
  );
  return {
    app,
    advance(ms) {
      offset += ms;
    },
    dataDir,
    async close() {
      await app.close();
      await db.close();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Server instances sharing one PostgreSQL database, each with its own pool (DESIGN.md §9). */
export interface TestInstances {
  apps: FastifyInstance[];
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * `count` production apps on one fresh PostgreSQL database, built one after the other (the
 * later ones find the migrations and the admin already there, and the first takes whatever
 * one instance runs: the spot markets' engines, the market feed's lead).
 */
export async function startTestInstances(
  count: number,
  overrides: Partial<Config> = {},
): Promise<TestInstances> {
  useCheapPasswordHashingInThisTestProcess(true);
  const databaseUrl = await createPgDatabase();
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const db = await openPostgres(databaseUrl);
    dbs.push(db);
    apps.push(
      await buildApp(
        testConfig({
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          WEB_DIST: '/nonexistent',
          RATE_LIMIT_SIGNUP_PER_MIN: 100_000,
          MARKET_AUTOSTART: false,
          ...overrides,
        }),
        { db },
      ),
    );
  }
  return {
    apps,
    databaseUrl,
    async close() {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
    },
  };
}

let counter = 0;
/** A unique, valid sign-up body. */
export function newUser(
  overrides: Partial<Record<'fullName' | 'email' | 'phone' | 'password', string>> = {},
) {
  counter += 1;
  return {
    fullName: 'Asha Rao',
    email: `user${Date.now()}_${counter}_${Math.floor(Math.random() * 1e6)}@example.com`,
    phone: '9876543210',
    password: 'correct horse battery',
    ...overrides,
  };
}

/** The session cookie pair ("name=value") from a response, for later requests. */
export function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const c = res.cookies.find((x) => x.name === 'sikka_session');
  if (!c) throw new Error('no session cookie in response');
  return `${c.name}=${c.value}`;
}

/** Signs up a new user and returns its cookie and id. */
export async function signUp(app: FastifyInstance, overrides: Parameters<typeof newUser>[0] = {}) {
  const body = newUser(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), id: res.json().user.id as string, ...body };
}

/**
 * Marks a user's KYC verified, as an admin's approval leaves it, and the e-mail verified, as its
 * link does: a user every money path is open to. A fixture for tests of money paths, which the
 * server opens only to verified users; the KYC flow itself (submission,
 * review) has its own tests in apps/server/test/kyc-*.test.ts and e2e/kyc.test.ts.
 */
export async function verifyKyc(db: Queryable, userId: string): Promise<void> {
  const rows = await db.query<{ id: string }>(
    `UPDATE users SET kyc_status = 'verified', kyc_type = coalesce(kyc_type, 'individual'),
            kyc_submitted_at = coalesce(kyc_submitted_at, now()), kyc_verified_at = now(),
            kyc_rejected_reason = NULL, email_verified_at = coalesce(email_verified_at, now())
      WHERE id = $1 RETURNING id`,
    [userId],
  );
  if (!rows[0]) throw new Error(`verifyKyc: no user ${userId}`);
}

/**
 * Marks a user's e-mail verified, as following the link of the verification mail does (its own
 * tests are in apps/server/test/account-security.test.ts and e2e/account-recovery.test.ts).
 */
export async function verifyEmail(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1',
    [userId],
  );
}

/**
 * Signs up a new user whose KYC and e-mail are verified (see verifyKyc, verifyEmail): a user
 * every money path is open to; returns its cookie and id.
 */
export async function signUpVerified(
  app: FastifyInstance,
  overrides: Parameters<typeof newUser>[0] = {},
) {
  const user = await signUp(app, overrides);
  await verifyKyc(app.db, user.id);
  await verifyEmail(app.db, user.id);
  return user;
}

/** The admin's TOTP secret per app, once logInAdmin has set it up. */
const adminSecrets = new WeakMap<FastifyInstance, string>();

/** The admin's TOTP secret (after a logInAdmin), for tests that need a code. */
export function adminTotpSecret(app: FastifyInstance): string {
  const secret = adminSecrets.get(app);
  if (!secret) throw new Error('adminTotpSecret: call logInAdmin first');
  return secret;
}

/**
 * The admin's session cookie. The admin tools need two-factor (ADR 017): the first call sets
 * TOTP up through the API, as the admin's first sign-in does, and later calls sign in with the
 * password and a code. Fixture: the code's step is forgotten first, so calls within one 30 s
 * step each pass (the replay rule has tests of its own).
 */
export async function logInAdmin(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  if (!res.json().twoFactorRequired) {
    const cookie = sessionCookie(res);
    const setup = await app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/setup',
      headers: { cookie },
    });
    if (setup.statusCode !== 200) throw new Error(`admin TOTP setup failed: ${setup.body}`);
    const secret = setup.json().secret as string;
    const enable = await app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/enable',
      headers: { cookie },
      payload: { code: totpCode(secret, app.clock()) },
    });
    if (enable.statusCode !== 200) throw new Error(`admin TOTP enable failed: ${enable.body}`);
    adminSecrets.set(app, secret);
    return cookie;
  }
  const secret = adminTotpSecret(app);
  await app.db.query('UPDATE users SET totp_last_step = NULL WHERE email = $1', [ADMIN.email]);
  const step = res.cookies.find((c) => c.name === 'sikka_2fa');
  if (!step) throw new Error('admin login: no two-factor step cookie');
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    headers: { cookie: `sikka_2fa=${step.value}` },
    payload: { code: totpCode(secret, app.clock()) },
  });
  if (second.statusCode !== 200) {
    throw new Error(`admin two-factor login failed: ${second.statusCode} ${second.body}`);
  }
  return sessionCookie(second);
}

/**
 * A test app whose mail goes to a real SMTP server started for it (polled every 100 ms), with
 * `overrides` on top. `close()` stops both.
 */
export async function startAppWithMail(
  driver: Driver,
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; mail: MailCatcher; close(): Promise<void> }> {
  const mail = await startMailCatcher();
  const t = await startTestApp(driver, { SMTP_URL: mail.url, MAIL_POLL_MS: 100, ...overrides });
  return {
    t,
    mail,
    close: async () => {
      await t.close();
      await mail.close();
    },
  };
}
