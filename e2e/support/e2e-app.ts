import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { inject, onTestFinished } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY } from '@sikka/contracts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import {
  buildApp,
  testConfig,
  useCheapPasswordHashingInThisTestProcess,
} from '../../test/support/server.ts';
// Registers toBeVisible, toHaveText, toHaveCount… on vitest's expect for every browser test.
import './web-assertions.ts';
import { availableDrivers, openTestDb, pgUrl, type Driver } from '../../test/support/databases.ts';
import { ADMIN, newUser } from '../../test/support/app.ts';
import { startTestChain, type DevChain } from '../../test/support/anvil.ts';
import { startMailCatcher, type MailCatcher } from '../../test/support/mail-catcher.ts';
import { totpCode } from '../../test/support/two-factor.ts';

/** The built web app the server serves; root `npm test` builds it first. */
export const WEB_DIST = process.env.E2E_WEB_DIST
  ? `${process.env.E2E_WEB_DIST.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type Viewport = { width: number; height: number };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Account {
  fullName: string;
  email: string;
  phone: string;
  password: string;
}

export interface E2e {
  baseURL: string;
  app: FastifyInstance;
  browser: Browser;
  /** Which database this run uses, for the log. */
  driver: 'postgres' | 'pglite';
  /** The local Anvil chain behind the crypto wallet, with `chain: true`; else null. */
  chain: DevChain | null;
  /** The SMTP server the product mails to, with `mail: true`; else null. */
  mail: MailCatcher | null;
  /** A fresh browser context (no cookies unless `storageState`) and a page in it. */
  newPage(viewport?: Viewport, storageState?: StorageState): Promise<Page>;
  newContext(viewport?: Viewport, storageState?: StorageState): Promise<BrowserContext>;
  /** Creates an account through the real API (not the form). */
  signUpViaApi(overrides?: Partial<Account>): Promise<Account>;
  /** The saved signed-in state of an account, made by logging in through the API. */
  storageStateFor(account: Account): Promise<StorageState>;
  /** A page signed in as a brand-new user. */
  userPage(
    viewport?: Viewport,
    overrides?: Partial<Account>,
  ): Promise<{ page: Page; account: Account }>;
  /**
   * A page signed in as the admin (ADMIN of test/support/app.ts); its state is saved once. The
   * admin tools need two-factor (ADR 017): the first call turns TOTP on through the API.
   */
  adminPage(viewport?: Viewport): Promise<Page>;
  /** The admin's TOTP secret, once adminPage has set it up (for codes a test types). */
  adminTotpSecret(): string;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A context opened inside a test closes when that test ends. Left open, its pages keep
 * rendering every price tick to the end of the file, and the browser's work grows with each
 * test. One opened in a beforeAll lives until the harness closes.
 */
function closeWhenTestEnds(context: BrowserContext): void {
  try {
    onTestFinished(() => context.close());
  } catch {
    // Not inside a test: close() ends it with the rest.
  }
}

/** Why browser tests cannot run here ('' when they can). Callers skip loudly with it. */
export function e2eSkipReason(): string {
  return inject('chromium')
    ? ''
    : 'E2E tests skipped: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)';
}

/**
 * The real product in-process: the production buildApp on a fresh database (real PostgreSQL
 * when the run has one, else PGlite in memory), serving the built web app on 127.0.0.1, and
 * a headless Chromium to drive it.
 */
export interface E2eOptions {
  /** SPOT_TRADING=on: the spot exchange, with the house market maker quoting (simulated market). */
  spot?: boolean;
  /**
   * Chromium's fake camera (a generated test picture) with the permission prompt answered
   * yes, and 'camera' granted to every context: for the KYC selfie.
   */
  fakeCamera?: boolean;
  /**
   * false: start without stored cookie consent, so the cookie banner shows. By default
   * consent is stored up front, because the banner (1 s after load) would cover what tests click.
   */
  cookieConsent?: boolean;
  /**
   * true: the market feed keeps its start-up prices (MARKET_AUTOSTART=false), so the rate a
   * page shows is the rate the server trades at, and a preview can be compared to the paisa.
   */
  frozenMarket?: boolean;
  /**
   * The database behind the server. By default real PostgreSQL when the run has one, else
   * PGlite; a suite that must hold on both databases passes each of `e2eDrivers()`.
   */
  driver?: Driver;
  /**
   * true: the crypto wallet runs on a fresh local Anvil chain (a block a second, the deposit
   * watcher polling every 200 ms, 3 confirmations), as `npm start` runs it.
   */
  chain?: boolean;
  /** true: a real SMTP server (test/support/mail-catcher.ts) receives the product's mail. */
  mail?: boolean;
  /**
   * true: Chromium builds its full accessibility tree for every page, as it does when a
   * screen reader is running (--force-renderer-accessibility).
   */
  screenReader?: boolean;
}

/**
 * The databases a "both databases" browser suite runs on: PGlite (the embedded default) and,
 * when the run has it, real PostgreSQL (left out loudly otherwise; CI requires it).
 */
export function e2eDrivers(): Driver[] {
  return availableDrivers();
}

/** Chromium switches that replace the real camera and its permission prompt. */
const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export async function startE2e(options: E2eOptions = {}): Promise<E2e> {
  // Browser tests sign up and in many accounts: argon2id at its smallest cost (ADR 036).
  useCheapPasswordHashingInThisTestProcess(true);
  if (!existsSync(`${WEB_DIST}index.html`)) {
    throw new Error(
      `No built web app in ${WEB_DIST}: run \`npm run build\` (root \`npm test\` does).`,
    );
  }
  const driver: Driver = options.driver ?? (pgUrl() ? 'postgres' : 'pglite');
  const db = await openTestDb(driver);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sikka-e2e-'));
  const chain = options.chain ? await startTestChain({ mining: { intervalSeconds: 1 } }) : null;
  const mail = options.mail ? await startMailCatcher() : null;
  const app = await buildApp(
    testConfig({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST,
      // Uploaded KYC documents and the generated vault key stay out of the repository's ./data.
      DATA_DIR: dataDir,
      // Every test signs users up and in from one address.
      RATE_LIMIT_LOGIN_PER_MIN: 100_000,
      RATE_LIMIT_SIGNUP_PER_MIN: 100_000,
      RATE_LIMIT_MONEY_PER_MIN: 100_000,
      ...(options.frozenMarket ? { MARKET_AUTOSTART: false } : {}),
      ...(options.spot ? { SPOT_TRADING: true } : {}),
      ...(chain ? { CHAIN_POLL_MS: 200 } : {}),
      ...(mail ? { SMTP_URL: mail.url } : {}),
    }),
    chain ? { db, devChain: chain } : { db },
  );
  // Port 0: the OS picks a free port at bind time, so parallel runs cannot collide.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: inject('chromium'),
    args: [
      ...CHROMIUM_ARGS,
      ...(options.fakeCamera ? FAKE_CAMERA_ARGS : []),
      ...(options.screenReader ? ['--force-renderer-accessibility'] : []),
    ],
  });

  const contexts: BrowserContext[] = [];
  let adminState: StorageState | undefined;
  let adminSecret: string | undefined;

  /** Signs the admin in through the API, turning TOTP on first (the admin tools need it). */
  const adminStorageState = async (): Promise<StorageState> => {
    const context = await browser.newContext({ baseURL });
    try {
      const login = await context.request.post('/api/auth/login', {
        data: { email: ADMIN.email, password: ADMIN.password, rememberMe: true },
      });
      if (login.status() !== 200) throw new Error(`admin login failed: ${await login.text()}`);
      if ((await login.json()).twoFactorRequired) {
        if (!adminSecret) throw new Error('admin has TOTP on, but not from this harness');
        const second = await context.request.post('/api/auth/login/two-factor', {
          data: { code: totpCode(adminSecret) },
        });
        if (second.status() !== 200) throw new Error(`admin code refused: ${await second.text()}`);
      } else {
        const setup = await context.request.post('/api/auth/two-factor/totp/setup', { data: {} });
        adminSecret = (await setup.json()).secret as string;
        const enable = await context.request.post('/api/auth/two-factor/totp/enable', {
          data: { code: totpCode(adminSecret) },
        });
        if (enable.status() !== 200) throw new Error(`admin TOTP failed: ${await enable.text()}`);
      }
      return await context.storageState();
    } finally {
      await context.close();
    }
  };

  const newContext = async (
    viewport: Viewport = VIEWPORTS.desktop,
    storageState?: StorageState,
  ) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      storageState,
      locale: 'en-IN',
      permissions: options.fakeCamera ? ['camera'] : [],
    });
    if (options.cookieConsent !== false) {
      await context.addInitScript((key) => {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'true');
      }, COOKIE_CONSENT_STORAGE_KEY);
    }
    contexts.push(context);
    closeWhenTestEnds(context);
    return context;
  };
  const newPage = async (viewport?: Viewport, storageState?: StorageState) => {
    const page = await (await newContext(viewport, storageState)).newPage();
    // Uncaught errors in the page belong in the test log, not only in a screenshot.
    page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
    return page;
  };

  const signUpViaApi = async (overrides: Partial<Account> = {}): Promise<Account> => {
    const account = { ...newUser(), ...overrides };
    const res = await fetch(`${baseURL}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    if (res.status !== 201)
      throw new Error(`API sign-up failed: ${res.status} ${await res.text()}`);
    return account;
  };

  const storageStateFor = async (account: Account): Promise<StorageState> => {
    const context = await browser.newContext({ baseURL });
    try {
      const res = await context.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password, rememberMe: true },
      });
      if (res.status() !== 200)
        throw new Error(`API login failed: ${res.status()} ${await res.text()}`);
      return await context.storageState();
    } finally {
      await context.close();
    }
  };

  return {
    baseURL,
    app,
    browser,
    driver,
    chain,
    mail,
    newPage,
    newContext,
    signUpViaApi,
    storageStateFor,
    async userPage(viewport, overrides) {
      const account = await signUpViaApi(overrides);
      return { account, page: await newPage(viewport, await storageStateFor(account)) };
    },
    async adminPage(viewport) {
      adminState ??= await adminStorageState();
      return newPage(viewport, adminState);
    },
    adminTotpSecret() {
      if (!adminSecret) throw new Error('adminTotpSecret: open adminPage first');
      return adminSecret;
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await app.close();
      await chain?.stop();
      await mail?.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
