import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUp,
  startTestApp,
  verifyKyc,
  type TestApp,
} from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { api, utr } from '../../../test/support/money-helpers.ts';

/**
 * Money moves only for users whose KYC is verified (PMLA; DESIGN.md §8): deposit requests and
 * quick trades are refused for every other status, by the API and by the SQL functions
 * beneath it, and nothing is written.
 */
describe.each(availableDrivers())('KYC before money on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { usdtInrRate: () => '87.7' });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const setStatus = async (userId: string, status: 'pending' | 'submitted' | 'rejected') => {
    await t.app.db.query(
      `UPDATE users SET kyc_status = $2,
              kyc_submitted_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END,
              kyc_rejected_reason = CASE WHEN $2 = 'rejected' THEN 'Blurred PAN' END
        WHERE id = $1`,
      [userId, status],
    );
  };
  const counts = async (userId: string) =>
    (
      await t.app.db.query<{ deposits: number; trades: number; entries: number }>(
        `SELECT (SELECT count(*)::int FROM deposits WHERE user_id = $1) AS deposits,
                (SELECT count(*)::int FROM trades WHERE user_id = $1) AS trades,
                (SELECT count(*)::int FROM ledger_entries WHERE user_id = $1) AS entries`,
        [userId],
      )
    )[0];

  it.each(['pending', 'submitted', 'rejected'] as const)(
    'refuses deposit requests and trades of a %s user with kyc_required, writing nothing',
    async (status) => {
      const u = await signUp(t.app);
      await setStatus(u.id, status);
      const deposit = await http.post(
        '/api/deposits',
        u.cookie,
        { amount: '1000', utrNumber: utr() },
        { 'idempotency-key': `kyc-${status}-deposit` },
      );
      expect(deposit.statusCode).toBe(403);
      expect(deposit.json().error).toEqual({
        code: 'kyc_required',
        message: messages.kycRequired.deposit,
      });
      for (const side of ['buy', 'sell'] as const) {
        const trade = await http.post(
          '/api/trades/quick',
          u.cookie,
          { side, usdtAmount: '1', quotedRate: side === 'buy' ? '89.7' : '86.2' },
          { 'idempotency-key': `kyc-${status}-${side}` },
        );
        expect(trade.statusCode).toBe(403);
        expect(trade.json().error).toEqual({
          code: 'kyc_required',
          message: messages.kycRequired.trade,
        });
      }
      expect(await counts(u.id)).toEqual({ deposits: 0, trades: 0, entries: 0 });
      // The refused keys were rolled back with everything else: once verified, they work.
      await verifyKyc(t.app.db, u.id);
      const again = await http.post(
        '/api/deposits',
        u.cookie,
        { amount: '1000', utrNumber: utr() },
        { 'idempotency-key': `kyc-${status}-deposit` },
      );
      expect(again.statusCode, again.body).toBe(201);
    },
  );

  it('refuses in SQL too: the money functions check the status under the user lock', async () => {
    const u = await signUp(t.app);
    const fail = async (sql: string, params: unknown[]) =>
      t.app.db.query(sql, params).then(
        () => 'no error',
        (e: { code?: string }) => e.code,
      );
    expect(
      await fail('INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, 500, $2)', [
        u.id,
        utr(),
      ]),
    ).toBe('SK011');
    expect(await fail('SELECT execute_usdt_buy($1, 1, 89.70)', [u.id])).toBe('SK011');
    expect(await fail('SELECT execute_usdt_sell($1, 1, 86.20)', [u.id])).toBe('SK011');
    expect(await counts(u.id)).toEqual({ deposits: 0, trades: 0, entries: 0 });
  });

  it('lets a verified user deposit and trade, and refuses again once KYC is no longer verified', async () => {
    const u = await signUp(t.app);
    await verifyKyc(t.app.db, u.id);
    const created = await http.post('/api/deposits', u.cookie, { amount: '500', utrNumber: utr() });
    expect(created.statusCode, created.body).toBe(201);
    const approved = await http.post(
      `/api/admin/deposits/${created.json().deposit.id}/approve`,
      admin,
    );
    expect(approved.statusCode).toBe(200);
    const buy = await http.post('/api/trades/quick', u.cookie, {
      side: 'buy',
      usdtAmount: '1',
      quotedRate: '89.7',
    });
    expect(buy.statusCode, buy.body).toBe(201);
    // A status that leaves verified (e.g. a re-review) closes money again at once.
    await setStatus(u.id, 'submitted');
    const sell = await http.post('/api/trades/quick', u.cookie, {
      side: 'sell',
      usdtAmount: '1',
      quotedRate: '86.2',
    });
    expect(sell.statusCode).toBe(403);
    expect(await counts(u.id)).toEqual({ deposits: 1, trades: 1, entries: 3 });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('keeps browsing open: prices and the own (empty) history need no KYC', async () => {
    const u = await signUp(t.app);
    expect((await http.get('/api/market/tickers', u.cookie)).statusCode).toBe(200);
    expect((await http.get('/api/trades', u.cookie)).statusCode).toBe(200);
    expect((await http.get('/api/deposits', u.cookie)).statusCode).toBe(200);
  });
});

describe.each(availableDrivers())('per-user limit of money requests on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { RATE_LIMIT_MONEY_PER_MIN: 3 }, { usdtInrRate: () => '87.7' });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message past the budget, per user and per route', async () => {
    const http = api(t.app);
    const admin = await logInAdmin(t.app);
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await verifyKyc(t.app.db, a.id);
    await verifyKyc(t.app.db, b.id);
    const deposit = (cookie: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        remoteAddress: ip,
        headers: { cookie },
        payload: { amount: '1000', utrNumber: utr() },
      });
    // One user from three addresses still shares one budget.
    const statuses = [];
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      statuses.push((await deposit(a.cookie, ip)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await deposit(a.cookie, '10.0.0.5');
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: messages.trades.tooManyRequests,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected, and trades have their own budget.
    expect((await deposit(b.cookie, '10.0.0.1')).statusCode).toBe(201);
    const id = (
      await t.app.db.query<{ id: string }>(
        `SELECT id FROM deposits WHERE user_id = $1 ORDER BY created_at LIMIT 1`,
        [a.id],
      )
    )[0]!.id;
    expect((await http.post(`/api/admin/deposits/${id}/approve`, admin)).statusCode).toBe(200);
    const trade = await http.post('/api/trades/quick', a.cookie, {
      side: 'buy',
      usdtAmount: '1',
      quotedRate: '89.7',
    });
    expect(trade.statusCode, trade.body).toBe(201);
    const deposits = await t.app.db.query('SELECT 1 FROM deposits WHERE user_id = $1', [a.id]);
    expect(deposits).toHaveLength(3);
  });
});
