import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { documentKinds } from '@sikka/contracts';
import {
  logInAdmin,
  newUser,
  signUp,
  signUpVerified,
  startTestApp,
  verifyKyc,
  type TestApp,
} from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { fund, utr } from '../support/money-helpers.ts';
import { kycFormData, submitKyc, validParts } from '../support/kyc-fixtures.ts';
import { diff, snapshot, type Change } from './support/snapshot.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

type User = Awaited<ReturnType<typeof signUp>>;

/** Item 7b: user B against user A's data, and privileged fields smuggled into every body. */
describe.skipIf(!pgUrl())('ownership and mass-assignment', () => {
  let t: TestApp;
  let a: User;
  let b: User;
  let admin: string;
  let aDeposit: string;
  let aTrade: string;

  const send = (cookie: string | undefined, opts: InjectOptions) =>
    t.app.inject({ ...opts, headers: { ...(cookie ? { cookie } : {}), ...opts.headers } });

  beforeAll(async () => {
    t = await startTestApp('postgres', { MARKET_AUTOSTART: false }, { usdtInrRate: () => '87.70' });
    admin = await logInAdmin(t.app);
    // A submits KYC (documents B must never reach), then is verified so A may move money.
    a = await signUp(t.app);
    const kyc = await submitKyc(t.app, a.cookie, kycFormData(await validParts()));
    if (kyc.statusCode !== 200) throw new Error(`KYC ${kyc.statusCode} ${kyc.body}`);
    await verifyKyc(t.app.db, a.id);
    b = await signUpVerified(t.app);
    await fund(t.app, a.cookie, admin, '5000');
    await fund(t.app, b.cookie, admin, '5000');
    const dep = await send(a.cookie, {
      method: 'POST',
      url: '/api/deposits',
      payload: { amount: '700', utrNumber: utr() },
    });
    aDeposit = dep.json().deposit.id;
    const trade = await send(a.cookie, {
      method: 'POST',
      url: '/api/trades/quick',
      payload: { side: 'buy', usdtAmount: '2', quotedRate: '89.70' },
      headers: { 'idempotency-key': 'shared-key-1' },
    });
    aTrade = trade.json().trade.id;
  });
  afterAll(() => t?.close());

  it("B never sees or changes A's deposits, trades, documents or profile", async () => {
    const before = await snapshot(t.app.db);
    const get = async (url: string, cookie = b.cookie) => send(cookie, { method: 'GET', url });
    const deposits = (await get('/api/deposits')).json().deposits as Array<{ id: string }>;
    const trades = (await get('/api/trades')).json().trades as Array<{ id: string }>;
    const search = (await get(`/api/trades?search=${aTrade.slice(0, 8)}`)).json();
    const profile = (await get('/api/me')).json();
    const docs = await Promise.all(
      documentKinds.map((k) => get(`/api/kyc/documents/${a.id}/${k}`).then((r) => r.statusCode)),
    );
    const ownDocs = await Promise.all(
      documentKinds.map((k) =>
        get(`/api/kyc/documents/${a.id}/${k}`, a.cookie).then((r) => r.statusCode),
      ),
    );
    const adminDocs = await Promise.all(
      documentKinds.map((k) =>
        get(`/api/kyc/documents/${a.id}/${k}`, admin).then((r) => r.statusCode),
      ),
    );
    // Attempts to act on A's things.
    const approve = await send(b.cookie, {
      method: 'POST',
      url: `/api/admin/deposits/${aDeposit}/approve`,
    });
    const reject = await send(b.cookie, {
      method: 'POST',
      url: `/api/admin/deposits/${aDeposit}/reject`,
      payload: { reason: 'no' },
    });
    const kycDecision = await send(b.cookie, {
      method: 'POST',
      url: `/api/admin/users/${a.id}/kyc`,
      payload: { decision: 'reject', reason: 'no', submittedAt: new Date().toISOString() },
    });
    const patchA = await send(b.cookie, {
      method: 'PATCH',
      url: '/api/me',
      payload: { fullName: 'Not Asha', userId: a.id, id: a.id },
    });
    // The same Idempotency-Key as A's buy: B gets a trade of B's own, never A's answer.
    const sameKey = await send(b.cookie, {
      method: 'POST',
      url: '/api/trades/quick',
      payload: { side: 'buy', usdtAmount: '2', quotedRate: '89.70' },
      headers: { 'idempotency-key': 'shared-key-1' },
    });
    const after = await snapshot(t.app.db);
    const changes = diff(before, after, /^(sessions:|ledger:)/);
    const bOnly = (c: Change) =>
      c.key === `users:${b.id}` ||
      c.key === `wallets:${b.id}/USDT` ||
      (c.before === undefined && c.after?.includes(b.id));
    console.log(
      `[ownership] B sees ${deposits.filter((d) => d.id === aDeposit).length} of A's deposits, ` +
        `${trades.filter((x) => x.id === aTrade).length} of A's trades, search for A's trade → ${search.total}; ` +
        `A's 5 documents to B → ${docs.join(',')}, to A → ${ownDocs.join(',')}, to admin → ${adminDocs.join(',')}; ` +
        `B approve/reject A's deposit → ${approve.statusCode}/${reject.statusCode}, KYC decision → ${kycDecision.statusCode}, ` +
        `PATCH /api/me naming A → ${patchA.statusCode}; A's Idempotency-Key used by B → ${sameKey.statusCode} ` +
        `(trade ${sameKey.json().trade?.id === aTrade ? "A's" : 'its own'}); rows changed outside B's own: ${changes.filter((c) => !bOnly(c)).length}`,
    );
    expect(profile.user.id).toBe(b.id);
    expect(deposits.length).toBeGreaterThan(0);
    expect(deposits.some((d) => d.id === aDeposit)).toBe(false);
    expect(trades.some((x) => x.id === aTrade)).toBe(false);
    expect(search.total).toBe(0);
    expect(docs.every((s) => s === 404)).toBe(true);
    expect(ownDocs.every((s) => s === 200)).toBe(true);
    expect(adminDocs.every((s) => s === 200)).toBe(true);
    expect([approve.statusCode, reject.statusCode, kycDecision.statusCode]).toEqual([
      403, 403, 403,
    ]);
    expect(patchA.statusCode).toBe(400);
    expect(sameKey.statusCode).toBe(201);
    expect(sameKey.json().trade.id).not.toBe(aTrade);
    // Only B's own buy changed anything: B's balances, B's new trade.
    expect(changes.filter((c) => !bOnly(c))).toEqual([]);
  });

  const EXTRA = (victim: string) => ({
    role: 'admin',
    balance: '99999999',
    kyc_status: 'verified',
    kycStatus: 'verified',
    user_id: victim,
    userId: victim,
    id: victim,
    price: '0.01',
    total: '0.01',
    status: 'approved',
  });

  it('role, balance, kyc_status, user_id and price in any body are refused or ignored', async () => {
    const victim = a.id;
    const extra = EXTRA(victim);
    // A user whose KYC is still pending: no smuggled field may verify them.
    const c = await signUp(t.app);
    const cases: Array<{
      label: string;
      cookie: () => string;
      opts: () => Promise<InjectOptions> | InjectOptions;
    }> = [
      {
        label: 'signup',
        cookie: () => '',
        opts: () => ({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { ...newUser(), ...extra },
        }),
      },
      {
        label: 'login',
        cookie: () => '',
        opts: () => ({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: c.email, password: c.password, ...extra },
        }),
      },
      {
        label: 'PATCH me',
        cookie: () => c.cookie,
        opts: () => ({
          method: 'PATCH',
          url: '/api/me',
          payload: { fullName: 'Bee Two', ...extra },
        }),
      },
      {
        label: 'deposit',
        cookie: () => c.cookie,
        opts: () => ({
          method: 'POST',
          url: '/api/deposits',
          payload: { amount: '500', utrNumber: utr(), ...extra },
        }),
      },
      {
        label: 'quick trade',
        cookie: () => c.cookie,
        opts: () => ({
          method: 'POST',
          url: '/api/trades/quick',
          payload: { side: 'buy', usdtAmount: '1', quotedRate: '89.70', ...extra },
        }),
      },
      {
        label: 'KYC form',
        cookie: () => c.cookie,
        opts: async () => {
          const form = kycFormData(await validParts());
          for (const [k, v] of Object.entries(extra)) form.append(k, v);
          return { method: 'POST', url: '/api/kyc', payload: form };
        },
      },
      {
        label: 'admin reject',
        cookie: () => admin,
        opts: () => ({
          method: 'POST',
          url: `/api/admin/deposits/${aDeposit}/reject`,
          payload: { reason: 'UTR not found', amount: '1', ...extra },
        }),
      },
      {
        label: 'admin KYC decision',
        cookie: () => admin,
        opts: async () => {
          // The submission the admin would be looking at, if the KYC form case made one.
          const rows = await t.app.db.query<{ kyc_submitted_at: Date | null }>(
            'SELECT kyc_submitted_at FROM users WHERE id = $1',
            [c.id],
          );
          const submittedAt = (rows[0]?.kyc_submitted_at ?? new Date()).toISOString();
          return {
            method: 'POST',
            url: `/api/admin/users/${c.id}/kyc`,
            payload: { decision: 'reject', reason: 'Blurred', submittedAt, ...extra },
          };
        },
      },
      {
        label: 'logout',
        cookie: () => c.cookie,
        opts: () => ({ method: 'POST', url: '/api/auth/logout', payload: { ...extra } }),
      },
    ];
    const lines: string[] = [];
    const problems: string[] = [];
    for (const c of cases) {
      const before = await snapshot(t.app.db);
      const res = await send(c.cookie() || undefined, await c.opts());
      const after = await snapshot(t.app.db);
      const changes = diff(before, after, /^(sessions:|ledger:)/);
      lines.push(
        `${c.label} ${res.statusCode}${changes.length ? ` (${changes.length} rows)` : ''}`,
      );
      if (res.statusCode >= 500) problems.push(`${c.label}: ${res.statusCode}`);
      for (const ch of changes) {
        const v = ch.after ?? '';
        // No row may gain the smuggled values: admin role, the balance, 'verified', price 0.01.
        if (/"admin"|99999999|"verified"|"0\.01"/.test(v))
          problems.push(`${c.label} wrote ${ch.key} = ${v}`);
        // Nothing of A's moves, except the admin's legitimate decision on A's deposit.
        if (v.includes(victim) || ch.key.includes(victim))
          if (!(
            c.label === 'admin reject' &&
            ch.key === `deposits:${aDeposit}` &&
            v.includes('"rejected"') &&
            v.includes('"700.00"')
          ))
            problems.push(`${c.label} touched A: ${ch.key} ${ch.before} → ${ch.after}`);
      }
      if (res.statusCode < 300 && res.statusCode !== 204) {
        const user = res.json().user as { role?: string; kycStatus?: string } | undefined;
        if (user?.role === 'admin' || user?.kycStatus === 'verified')
          problems.push(`${c.label} answered ${res.body.slice(0, 200)}`);
      }
    }
    const roles = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE role = 'admin'",
    );
    console.log(
      `[mass-assignment] ${cases.length} bodies with ${Object.keys(extra).join('/')}: ${lines.join('; ')}; admins in DB ${roles[0]!.n}; problems ${problems.length}`,
    );
    expect(problems).toEqual([]);
    expect(roles[0]!.n).toBe(1);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });
});
