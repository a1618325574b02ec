import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { SESSION_COOKIE } from '@sikka/contracts';
import {
  ADMIN,
  adminTotpSecret,
  logInAdmin,
  newUser,
  signUp,
  startTestApp,
  verifyKyc,
  type TestApp,
} from '../support/app.ts';
import { startTestChain, type DevChain } from '../support/anvil.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { fund, utr } from '../support/money-helpers.ts';
import { kycFormData, submitKyc, validParts } from '../support/kyc-fixtures.ts';
import { listRoutes } from './support/routes.ts';
import { totpCode } from '../support/two-factor.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

type Actor = 'anonymous' | 'userA' | 'userB' | 'admin';
/**
 * public: anyone; user: any signed-in user (their own data only); admin: the admin only;
 * owner: A's resource, to A and the admin (B gets 404, as for a missing one);
 * self: A's own record on a user route, to A only (B and the admin get 404, as for a missing one);
 * step: the second step of a sign-in, which only its own step cookie opens: 401 for everyone
 * else, a signed-in session included (ADR 017).
 */
type Access = 'public' | 'user' | 'admin' | 'owner' | 'self' | 'step';

interface Ctx {
  actor: Actor;
  cookie: string | undefined;
  aId: string;
  /** A's own trade, deposit and withdrawal (the statement's links open them). */
  aRecords: {
    trade: string;
    deposit: string;
    withdrawal: string;
    cryptoWithdrawal: string;
    spotOrder: string;
  };
  /** A fresh session of the actor (for logout, which ends the session it is sent with). */
  freshCookie(): Promise<string | undefined>;
}
type Probe = (ctx: Ctx) => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;

const json = (payload: object): Partial<InjectOptions> => ({ payload });

/** The admin has TOTP on (the admin tools need it): routes that ask for it again get a code. */
let adminCode: () => Promise<string> = () => Promise.reject(new Error('no admin yet'));
/** A step-up route's probe: `body`, and for the admin a current code in the header. */
const withCode =
  (body: object): Probe =>
  async (ctx) => ({
    payload: body,
    headers: ctx.actor === 'admin' ? { 'x-two-factor-code': await adminCode() } : {},
  });
const someUuid = () => randomUUID();
/** Places a resting spot order of A's and returns its id (the cancel probe needs an open one). */
let openSpotOrderOfA: () => Promise<string> = () => Promise.reject(new Error('no app yet'));

/**
 * EVERY route of the server, classified. A route the server has but this table does not
 * fails the test: whoever adds a route must say who may call it. `sessionIndependent`: the
 * answer is the same for everyone, so it may be cached; every other answer, errors included,
 * must say `Cache-Control: no-store` (issue 12.7, apps/server/src/http/cache-control.ts).
 */
const ROUTES: Record<string, { access: Access; probe?: Probe; sessionIndependent?: true }> = {
  'GET /api/health': { access: 'public', sessionIndependent: true },
  'GET /coin-icons/:file': {
    access: 'public',
    sessionIndependent: true,
    probe: () => ({ url: '/coin-icons/btc' }),
  },
  'GET /api/openapi.json': { access: 'public', sessionIndependent: true },
  'GET /api/realtime': { access: 'public' },
  'GET /api/market/tickers': { access: 'public', sessionIndependent: true },
  'GET /api/market/candles': {
    access: 'public',
    sessionIndependent: true,
    probe: () => ({ url: '/api/market/candles?market=BTCINR' }),
  },
  'GET /api/auth/session': { access: 'public' },
  'POST /api/auth/signup': { access: 'public', probe: () => json(newUser()) },
  'POST /api/auth/login': { access: 'public', probe: () => json(ADMIN) },
  'POST /api/auth/logout': {
    access: 'public',
    probe: async (ctx) => {
      const cookie = await ctx.freshCookie();
      return { headers: cookie ? { cookie } : {} };
    },
  },
  'GET /api/me': { access: 'user' },
  'PATCH /api/me': { access: 'user', probe: () => json({ phone: '9876543210' }) },
  'GET /api/deposits': { access: 'user' },
  'POST /api/deposits': { access: 'user', probe: () => json({ amount: '100', utrNumber: utr() }) },
  'GET /api/trades': { access: 'user' },
  'GET /api/trades/:id': {
    access: 'self',
    probe: (ctx) => ({ url: `/api/trades/${ctx.aRecords.trade}` }),
  },
  'GET /api/deposits/:id': {
    access: 'self',
    probe: (ctx) => ({ url: `/api/deposits/${ctx.aRecords.deposit}` }),
  },
  'GET /api/withdrawals/:id': {
    access: 'self',
    probe: (ctx) => ({ url: `/api/withdrawals/${ctx.aRecords.withdrawal}` }),
  },
  'POST /api/trades/quick': {
    access: 'user',
    probe: () => json({ side: 'buy', usdtAmount: '0.01', quotedRate: '100000' }),
  },
  'POST /api/kyc': {
    access: 'user',
    probe: () => ({ payload: kycFormData({ type: 'individual' }) }),
  },
  'GET /api/kyc/documents/:userId/:kind': {
    access: 'owner',
    probe: (ctx) => ({ url: `/api/kyc/documents/${ctx.aId}/aadharFront` }),
  },
  'GET /api/spot/markets': { access: 'public', sessionIndependent: true },
  'GET /api/spot/markets/:symbol/book': {
    access: 'public',
    sessionIndependent: true,
    probe: () => ({ url: '/api/spot/markets/BTC-INR/book' }),
  },
  'GET /api/spot/markets/:symbol/stats': {
    access: 'public',
    sessionIndependent: true,
    probe: () => ({ url: '/api/spot/markets/BTC-INR/stats' }),
  },
  'GET /api/spot/markets/:symbol/candles': {
    access: 'public',
    sessionIndependent: true,
    probe: () => ({ url: '/api/spot/markets/BTC-INR/candles' }),
  },
  'GET /api/spot/balances': { access: 'user' },
  'GET /api/spot/orders': { access: 'user' },
  'POST /api/spot/orders': {
    access: 'user',
    probe: () =>
      json({ market: 'USDT-INR', side: 'buy', type: 'limit', price: '5', quantity: '2' }),
  },
  'POST /api/spot/orders/cancel-all': { access: 'user', probe: () => json({}) },
  'GET /api/spot/orders/:id': {
    access: 'self',
    probe: (ctx) => ({ url: `/api/spot/orders/${ctx.aRecords.spotOrder}` }),
  },
  // A fresh open order of A's for each actor: A's cancel closes it, B and the admin get 404.
  'POST /api/spot/orders/:id/cancel': {
    access: 'self',
    probe: async () => ({ url: `/api/spot/orders/${await openSpotOrderOfA()}/cancel` }),
  },
  'GET /api/admin/spot/engines': { access: 'admin' },
  'GET /api/admin/users': { access: 'admin' },
  // A is verified: the admin's answer is 409, and nothing changes.
  'POST /api/admin/users/:id/kyc': {
    access: 'admin',
    probe: () => json({ decision: 'approve', submittedAt: new Date().toISOString() }),
  },
  // Earlier KYC submissions (ADR 041): the admin only.
  'GET /api/admin/users/:id/kyc/history': {
    access: 'admin',
    probe: (ctx) => ({ url: `/api/admin/users/${ctx.aId}/kyc/history` }),
  },
  // A is not frozen: the admin's answer is 409, and nothing changes.
  'POST /api/admin/users/:id/unfreeze': { access: 'admin' },
  'GET /api/admin/deposits': { access: 'admin' },
  'POST /api/admin/deposits/:id/approve': { access: 'admin' },
  'POST /api/admin/deposits/:id/reject': {
    access: 'admin',
    probe: () => json({ reason: 'UTR not found' }),
  },
  'GET /api/admin/trades': { access: 'admin' },
  'GET /api/admin/audit': { access: 'admin' },
  'GET /api/withdrawals': { access: 'user' },
  'GET /api/withdrawals/limits': { access: 'user' },
  'POST /api/withdrawals': {
    access: 'user',
    // A random account id: the caller's own ones are not known here (404, after the auth).
    probe: withCode({ amount: '100', bankAccountId: someUuid() }),
  },
  'POST /api/withdrawals/:id/cancel': { access: 'user' },
  'GET /api/me/bank-accounts': { access: 'user' },
  'POST /api/me/bank-accounts': {
    access: 'user',
    probe: (ctx) =>
      withCode({
        accountNumber: String(100_000_000_000 + Math.floor(Math.random() * 1e9)),
        ifscCode: 'HDFC0001234',
        bankName: 'HDFC Bank',
        accountHolderName: 'Asha Rao',
      })(ctx),
  },
  'GET /api/admin/withdrawals': { access: 'admin' },
  // One withdrawal or account with its full account number (ADR 014): the admin only.
  'GET /api/admin/withdrawals/:id': { access: 'admin' },
  'POST /api/admin/withdrawals/:id/approve': {
    access: 'admin',
    probe: () => json({ utrNumber: 'PAYOUT123456' }),
  },
  'POST /api/admin/withdrawals/:id/reject': {
    access: 'admin',
    probe: () => json({ reason: 'Account closed' }),
  },
  'GET /api/admin/bank-accounts': { access: 'admin' },
  'GET /api/admin/bank-accounts/:id': { access: 'admin' },
  'POST /api/admin/bank-accounts/:id/verify': { access: 'admin' },
  'POST /api/admin/bank-accounts/:id/reject': {
    access: 'admin',
    probe: () => json({ reason: 'Holder name differs' }),
  },
  'GET /api/trades/quote-settings': { access: 'public', sessionIndependent: true },
  'GET /api/me/overview': { access: 'user' },
  'GET /api/statement': { access: 'user' },
  'GET /api/statement.csv': { access: 'user' },
  'GET /api/tds/statement.csv': {
    access: 'user',
    probe: () => ({ url: '/api/tds/statement.csv?quarter=2026-Q3' }),
  },
  'GET /api/admin/tds.csv': {
    access: 'admin',
    probe: () => ({ url: '/api/admin/tds.csv?quarter=2026-Q3' }),
  },
  // The crypto wallet (ADR 015): the address and the faucet need verified KYC, as A and B have.
  'GET /api/crypto/deposit-address': { access: 'user' },
  'GET /api/crypto/deposits': { access: 'user' },
  'POST /api/crypto/faucet': { access: 'user', probe: () => json({ asset: 'USDT', amount: '1' }) },
  // Crypto withdrawals (ADR 016): the user's own; one of A's, for A only.
  'GET /api/crypto/wallet': { access: 'user' },
  'GET /api/crypto/withdrawals': { access: 'user' },
  'GET /api/crypto/withdrawals/:id': {
    access: 'self',
    probe: (ctx) => ({ url: `/api/crypto/withdrawals/${ctx.aRecords.cryptoWithdrawal}` }),
  },
  'POST /api/crypto/withdrawals': {
    access: 'user',
    probe: (ctx) =>
      withCode({
        asset: 'USDT',
        address: '0x000000000000000000000000000000000000dEaD',
        amount: '10',
        beneficiary: { kind: 'own' },
      })(ctx),
  },
  'POST /api/crypto/withdrawals/:id/cancel': { access: 'user' },
  'GET /api/admin/crypto-withdrawals': { access: 'admin' },
  'GET /api/admin/crypto-withdrawals/:id': { access: 'admin' },
  'POST /api/admin/crypto-withdrawals/:id/approve': { access: 'admin', probe: () => json({}) },
  'POST /api/admin/crypto-withdrawals/:id/reject': {
    access: 'admin',
    probe: () => json({ reason: 'Address on a sanctions list' }),
  },
  // Account security (ADR 017).
  'POST /api/auth/login/two-factor': { access: 'step', probe: () => json({ code: '123456' }) },
  'POST /api/auth/passkeys/login-options': { access: 'public' },
  'POST /api/auth/passkeys/login': { access: 'public', probe: () => json({ response: {} }) },
  'POST /api/auth/password/forgot': {
    access: 'public',
    probe: () => json({ email: 'someone@example.com' }),
  },
  'POST /api/newsletter': {
    access: 'public',
    probe: () => json({ email: 'reader@example.com' }),
  },
  'POST /api/auth/password/reset': {
    access: 'public',
    probe: () => json({ token: 'x'.repeat(43), password: 'a new secret 12345' }),
  },
  'POST /api/auth/password/change': {
    access: 'user',
    probe: withCode({ currentPassword: 'not the password', newPassword: 'a new secret 12345' }),
  },
  'POST /api/auth/email/verify': { access: 'public', probe: () => json({ token: 'y'.repeat(43) }) },
  'POST /api/auth/email/change': {
    access: 'user',
    probe: withCode({ newEmail: 'elsewhere@example.com', currentPassword: 'not the password' }),
  },
  'POST /api/auth/email/change/confirm': {
    access: 'public',
    probe: () => json({ token: 'z'.repeat(43) }),
  },
  'POST /api/auth/email/resend': { access: 'user' },
  'GET /api/auth/security': { access: 'user' },
  'POST /api/auth/two-factor/totp/setup': { access: 'user' },
  'POST /api/auth/two-factor/totp/enable': {
    access: 'user',
    probe: () => json({ code: '000000' }),
  },
  'POST /api/auth/two-factor/totp/disable': { access: 'user', probe: withCode({}) },
  'POST /api/auth/two-factor/backup-codes': { access: 'user', probe: withCode({}) },
  // A wrong password: refused at the field (400), nothing is frozen.
  'POST /api/auth/freeze': { access: 'user', probe: () => json({ currentPassword: 'not it' }) },
  'POST /api/auth/freeze/confirm': {
    access: 'public',
    probe: () => json({ token: 'f'.repeat(43) }),
  },
  'POST /api/auth/freeze/check': {
    access: 'public',
    probe: () => json({ token: 'f'.repeat(43) }),
  },
  // No code is set for any actor: a removal is refused (409), nothing changes.
  'PUT /api/auth/anti-phishing-code': { access: 'user', probe: withCode({ code: null }) },
  'POST /api/auth/passkeys/registration-options': {
    access: 'user',
    probe: withCode({ currentPassword: 'not the password' }),
  },
  'POST /api/auth/step-up/passkey-options': { access: 'user' },
  'POST /api/auth/passkeys': {
    access: 'user',
    probe: () => json({ name: 'Laptop', response: {} }),
  },
  'DELETE /api/auth/passkeys/:id': {
    access: 'user',
    probe: async (ctx) => ({
      headers: ctx.actor === 'admin' ? { 'x-two-factor-code': await adminCode() } : {},
    }),
  },
  'GET /api/auth/sessions': { access: 'user' },
  'DELETE /api/auth/sessions/:id': { access: 'user' },
  'POST /api/auth/sessions/sign-out-others': { access: 'user' },
  'GET /api/auth/sign-ins': { access: 'user' },
  'GET /api/notifications': { access: 'user' },
  'POST /api/notifications/read': { access: 'user' },
  'GET /api/me/watchlist': { access: 'user' },
  'PUT /api/me/watchlist': { access: 'user', probe: () => json({ ids: ['BTCINR'] }) },
  'GET /api/dev/mailbox': { access: 'public' },
  'GET /api/admin/audit.csv': { access: 'admin' },
  'GET /api/admin/users/:id/sign-ins': { access: 'admin' },
  // The admin folder's catch-all (printed as a bare `*`): unknown admin paths stay behind the guard.
  '* *': { access: 'admin', probe: () => ({ url: '/api/admin/no-such-page' }) },
};

/** What each actor must get: 'through' = neither 401 nor 403 (the route did its job). */
function expected(access: Access, actor: Actor): number | 'through' {
  if (access === 'public') return 'through';
  if (access === 'step') return 401;
  if (actor === 'anonymous') return 401;
  if (access === 'admin') return actor === 'admin' ? 'through' : 403;
  if (access === 'owner') return actor === 'userB' ? 404 : 200;
  if (access === 'self') return actor === 'userA' ? 200 : 404;
  return 'through';
}

/** Item 7a: every route × anonymous, user A, user B, admin. */
describe.skipIf(!pgUrl())('authorization matrix over every route', () => {
  let t: TestApp;
  const cookies: Partial<Record<Actor, string>> = {};
  const creds: Partial<Record<Actor, { email: string; password: string }>> = {};
  let aId = '';
  let chain: DevChain | undefined;
  let aRecords: Ctx['aRecords'] = {
    trade: '',
    deposit: '',
    withdrawal: '',
    cryptoWithdrawal: '',
    spotOrder: '',
  };

  beforeAll(async () => {
    // A dev chain, so the crypto routes answer as with a wallet rather than 503.
    chain = await startTestChain();
    t = await startTestApp(
      'postgres',
      { MARKET_AUTOSTART: false, SPOT_TRADING: true, SPOT_MARKET_MAKER: 'off' },
      { usdtInrRate: () => '87.7', devChain: chain, watchDeposits: false },
    );
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    aId = a.id;
    cookies.userA = a.cookie;
    cookies.userB = b.cookie;
    cookies.admin = await logInAdmin(t.app);
    adminCode = async () => {
      // A fresh code for each step-up probe: the step's one use is the replay rule's own test.
      await t.app.db.query(`UPDATE users SET totp_last_step = NULL WHERE role = 'admin'`);
      return totpCode(adminTotpSecret(t.app), t.app.clock());
    };
    creds.userA = a;
    creds.userB = b;
    creds.admin = ADMIN;
    // A's documents exist (the owner route serves them); money routes need verified KYC.
    const kyc = await submitKyc(t.app, a.cookie, kycFormData(await validParts()));
    if (kyc.statusCode !== 200) throw new Error(`KYC ${kyc.statusCode} ${kyc.body}`);
    await verifyKyc(t.app.db, a.id);
    await verifyKyc(t.app.db, b.id);
    const deposit = await fund(t.app, a.cookie, cookies.admin, '1000');
    // A trade and a withdrawal of A's own, made before the routes below change anything.
    const headers = { cookie: a.cookie };
    const trade = await t.app.inject({
      method: 'POST',
      url: '/api/trades/quick',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { side: 'buy', usdtAmount: '1', quotedRate: '89.7' },
    });
    if (trade.statusCode !== 201) throw new Error(`trade ${trade.statusCode} ${trade.body}`);
    const accounts = await t.app.inject({ method: 'GET', url: '/api/me/bank-accounts', headers });
    const accountId = accounts.json().bankAccounts[0].id as string;
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { amount: '100', bankAccountId: accountId },
    });
    if (withdrawal.statusCode !== 201)
      throw new Error(`withdrawal ${withdrawal.statusCode} ${withdrawal.body}`);
    // USDT on chain for A (faucet, N blocks, a watcher step), then a crypto withdrawal of A's.
    const faucet = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/faucet',
      headers,
      payload: { asset: 'USDT', amount: '50' },
    });
    if (faucet.statusCode !== 200) throw new Error(`faucet ${faucet.statusCode} ${faucet.body}`);
    await chain!.waitMined(faucet.json().txHash);
    await chain!.mine(t.app.config.CHAIN_CONFIRMATIONS);
    await t.app.cryptoWallet!.watcher.step();
    const cryptoWithdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/withdrawals',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: {
        asset: 'USDT',
        address: '0x000000000000000000000000000000000000bEEF',
        amount: '20',
        beneficiary: { kind: 'own' },
      },
    });
    if (cryptoWithdrawal.statusCode !== 201)
      throw new Error(`crypto withdrawal ${cryptoWithdrawal.statusCode} ${cryptoWithdrawal.body}`);
    // Resting spot orders of A's (buys far below the market: they never fill).
    openSpotOrderOfA = async () => {
      const spot = await t.app.inject({
        method: 'POST',
        url: '/api/spot/orders',
        headers,
        payload: { market: 'USDT-INR', side: 'buy', type: 'limit', price: '5', quantity: '2' },
      });
      if (spot.statusCode !== 201) throw new Error(`spot order ${spot.statusCode} ${spot.body}`);
      return spot.json().order.id as string;
    };
    aRecords = {
      spotOrder: await openSpotOrderOfA(),
      trade: trade.json().trade.id,
      deposit,
      withdrawal: withdrawal.json().withdrawal.id,
      cryptoWithdrawal: cryptoWithdrawal.json().withdrawal.id,
    };
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('classifies every registered route, and each answers every actor as classified', async () => {
    const routes = listRoutes(t.app);
    const key = (r: { method: string; path: string }) =>
      r.path === '*' ? '* *' : `${r.method === 'HEAD' ? 'GET' : r.method} ${r.path}`;
    const unclassified = [...new Set(routes.map(key))].filter((k) => !(k in ROUTES));
    const stale = Object.keys(ROUTES).filter((k) => !routes.some((r) => key(r) === k));
    expect(unclassified, 'new routes must be added to ROUTES with their access').toEqual([]);
    expect(stale, 'ROUTES lists routes the server no longer has').toEqual([]);

    const failures: string[] = [];
    const counts: Record<string, number> = {};
    let noStore = 0;
    // Each error a documented route answers must be among the errors its OpenAPI entry lists
    // (http/schemas.ts `errors(…)`, ADR 025).
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    const documented = (method: string, path: string) => {
      const p = path.replace(/:([A-Za-z]+)/g, '{$1}');
      const item = doc.paths[p] ?? doc.paths[`${p}/`] ?? doc.paths[p.replace(/\/$/, '')];
      return item?.[method.toLowerCase()]?.responses;
    };
    let checkedErrors = 0;
    for (const route of routes) {
      const entry = ROUTES[key(route)]!;
      for (const actor of ['anonymous', 'userA', 'userB', 'admin'] as const) {
        const ctx: Ctx = {
          actor,
          cookie: cookies[actor],
          aId,
          aRecords,
          freshCookie: async () => {
            // The admin signs in with a code too (the admin tools need two-factor).
            if (actor === 'admin') return logInAdmin(t.app);
            const c = creds[actor];
            if (!c) return undefined;
            const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: c });
            const s = res.cookies.find((x) => x.name === SESSION_COOKIE);
            return s ? `${s.name}=${s.value}` : undefined;
          },
        };
        const probe = (await entry.probe?.(ctx)) ?? {};
        const url = probe.url ?? route.path.replace(/:[A-Za-z]+/g, someUuid);
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          ...probe,
          headers: { ...(ctx.cookie ? { cookie: ctx.cookie } : {}), ...probe.headers },
        });
        const want = expected(entry.access, actor);
        const ok =
          res.statusCode < 500 &&
          (want === 'through'
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === want);
        counts[`${actor} ${res.statusCode}`] = (counts[`${actor} ${res.statusCode}`] ?? 0) + 1;
        const listed = documented(route.method, route.path);
        if (listed && res.statusCode >= 400) {
          checkedErrors += 1;
          if (!(String(res.statusCode) in listed))
            failures.push(
              `${route.method} ${route.path} as ${actor}: ${res.statusCode} is not in its documented errors ${Object.keys(listed).join(',')}`,
            );
        }
        if (!ok)
          failures.push(
            `${route.method} ${url} as ${actor}: ${res.statusCode} (want ${want}) ${res.body.slice(0, 120)}`,
          );
        // Signed in or out, allowed or refused: no cache may keep a session-dependent answer.
        if (!entry.sessionIndependent) {
          const cache = String(res.headers['cache-control'] ?? '');
          if (cache.split(',').some((d) => d.trim().toLowerCase() === 'no-store')) noStore += 1;
          else
            failures.push(
              `${route.method} ${url} as ${actor}: ${res.statusCode} Cache-Control "${cache}", want no-store`,
            );
        }
      }
    }
    console.log(
      `[authz] ${routes.length} method+path pairs (${Object.keys(ROUTES).length} classified routes) × 4 actors = ` +
        `${routes.length * 4} requests; answers ${JSON.stringify(counts)}; ` +
        `session-dependent answers with Cache-Control: no-store ${noStore}; ` +
        `errors checked against the OpenAPI document ${checkedErrors}; failures ${failures.length}`,
    );
    expect(failures).toEqual([]);
  });
});
