import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareDecimal,
  decimalToUnits,
  quickPrices,
  tradeTotal,
  unitsToDecimal,
} from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/money/demo-data.ts';
import { isPriceWorse } from '../src/money/rate.ts';
import { api, fund, utr } from '../../../test/support/money-helpers.ts';

/** The SQL functions and the ledger, called directly: the last line of defence. */
describe.each(availableDrivers())('ledger and money functions on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { usdtInrRate: () => '87.7' });
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const sqlError = async (sql: string, params: unknown[] = []) => {
    try {
      await t.app.db.query(sql, params);
    } catch (err) {
      const e = err as { code?: string; message?: string };
      return { code: e.code, message: e.message };
    }
    throw new Error(`expected ${sql} to fail`);
  };
  const newDeposit = async (userId: string, amount = '1000') =>
    (
      await t.app.db.query<{ id: string }>(
        `INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, $2, $3) RETURNING id`,
        [userId, amount, utr()],
      )
    )[0]!.id;
  const inr = async (userId: string) =>
    (
      await t.app.db.query<{ balance: string }>('SELECT balance FROM users WHERE id = $1', [userId])
    )[0]!.balance;

  it('approve_deposit credits once; a repeat raises invalid state and credits nothing', async () => {
    const u = await signUpVerified(t.app);
    const id = await newDeposit(u.id, '1234.56');
    const rows = await t.app.db.query<{ status: string }>(
      'SELECT status FROM approve_deposit($1)',
      [id],
    );
    expect(rows[0]!.status).toBe('approved');
    expect(await sqlError('SELECT approve_deposit($1)', [id])).toEqual({
      code: 'SK003',
      message: 'This deposit is already approved',
    });
    expect(await sqlError('SELECT reject_deposit($1, $2)', [id, 'x'])).toMatchObject({
      code: 'SK003',
    });
    expect(await inr(u.id)).toBe('1234.56');
    expect(
      await sqlError('SELECT approve_deposit($1)', ['00000000-0000-4000-8000-000000000000']),
    ).toEqual({ code: 'SK004', message: 'Deposit not found' });
  });

  it('reject_deposit needs a reason and works only from pending', async () => {
    const u = await signUpVerified(t.app);
    const id = await newDeposit(u.id);
    for (const reason of [null, '', '   ']) {
      expect(await sqlError('SELECT reject_deposit($1, $2)', [id, reason])).toEqual({
        code: 'SK005',
        message: 'Please provide a reason for rejection',
      });
    }
    await t.app.db.query('SELECT reject_deposit($1, $2)', [id, 'no such transfer']);
    expect(await sqlError('SELECT approve_deposit($1)', [id])).toEqual({
      code: 'SK003',
      message: 'This deposit is already rejected',
    });
    expect(await inr(u.id)).toBe('0.00');
  });

  it('execute_usdt_buy / _sell refuse bad input and overdrafts with stable codes', async () => {
    const u = await signUpVerified(t.app);
    await t.app.db.query('SELECT approve_deposit($1)', [await newDeposit(u.id, '100')]);
    const buy = (amount: string, price = '89.70') =>
      sqlError('SELECT execute_usdt_buy($1, $2::numeric, $3::numeric)', [u.id, amount, price]);
    expect(await buy('2')).toEqual({ code: 'SK001', message: 'Insufficient INR balance' });
    for (const bad of ['0', '-1', '0.000000001']) expect((await buy(bad)).code).toBe('SK005');
    expect((await buy('1', '0')).code).toBe('SK005');
    expect((await buy('1', '89.705')).code).toBe('SK005');
    // A sell worth ₹0.00431 rounds down to ₹0.00 for the seller: it would take USDT for nothing.
    expect((await sqlError('SELECT execute_usdt_sell($1, 0.00005, 86.2)', [u.id])).message).toBe(
      'Amount is too small: the trade total must be at least ₹0.01',
    );
    expect(await sqlError('SELECT execute_usdt_sell($1, 1, 86.2)', [u.id])).toEqual({
      code: 'SK002',
      message: 'Insufficient USDT balance. Available: 0.00 USDT',
    });
    expect(
      (
        await sqlError('SELECT execute_usdt_buy($1, 1, 89.7)', [
          '00000000-0000-4000-8000-000000000000',
        ])
      ).code,
    ).toBe('SK004');
    expect(await inr(u.id)).toBe('100.00');
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('keeps the ledger append-only', async () => {
    const u = await signUpVerified(t.app);
    await fund(t.app, u.cookie, admin, '500');
    for (const sql of [
      'UPDATE ledger_entries SET amount = amount * 2',
      'DELETE FROM ledger_entries',
      'TRUNCATE ledger_entries',
    ]) {
      expect((await sqlError(sql)).code).toBe('SK007');
    }
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('refuses at commit an operation whose entries do not sum to zero', async () => {
    const u = await signUpVerified(t.app);
    const err = await t.app.db
      .transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount)
           VALUES (gen_random_uuid(), 'deposit', 'INR', 'user', $1, 100)`,
          [u.id],
        );
      })
      .then(
        () => undefined,
        (e: { code?: string }) => e.code,
      );
    expect(err).toBe('SK006');
  });

  it('the invariant checker catches a balance changed behind the ledger’s back', async () => {
    const probe = await startTestApp(driver, {}, { usdtInrRate: () => '87.7' });
    try {
      const adm = await logInAdmin(probe.app);
      const u = await signUpVerified(probe.app);
      await fund(probe.app, u.cookie, adm, '1000');
      await api(probe.app).post('/api/trades/quick', u.cookie, {
        side: 'buy',
        usdtAmount: '1',
        quotedRate: '89.7',
      });
      expect(await checkLedgerInvariants(probe.app.db)).toEqual([]);
      // A naive read-then-write "credit" outside the money functions: no ledger entry.
      await probe.app.db.query('UPDATE users SET balance = balance + 1 WHERE id = $1', [u.id]);
      await probe.app.db.query(
        `UPDATE wallets SET balance = balance - 0.5 WHERE user_id = $1 AND coin_symbol = 'USDT'`,
        [u.id],
      );
      const violations = await checkLedgerInvariants(probe.app.db);
      expect(violations.some((v) => v.startsWith('INR balance differs from its ledger sum'))).toBe(
        true,
      );
      expect(
        violations.some((v) => v.startsWith('wallet balance differs from its ledger sum')),
      ).toBe(true);
      expect(violations.some((v) => v.startsWith('INR balance differs from approved'))).toBe(true);
      // A trade row without its ledger entries, and a miscounted history, are caught too.
      await probe.app.db.query(
        `INSERT INTO trades (user_id, type, amount, price, total) VALUES ($1, 'buy', 1, 89.7, 89.7)`,
        [u.id],
      );
      const more = await checkLedgerInvariants(probe.app.db);
      expect(more.some((v) => v.startsWith('completed trade without exactly'))).toBe(true);
      expect(more.some((v) => v.startsWith('trade counters differ'))).toBe(true);
    } finally {
      await probe.close();
    }
  });

  it('seeds the demo account through the money functions, once', async () => {
    const first = await seedDemo(t.app.db);
    expect(first.created).toBe(true);
    const again = await seedDemo(t.app.db);
    expect(again).toEqual({ created: false, userId: first.userId });
    const users = await t.app.db.query('SELECT id FROM users WHERE email = $1', [DEMO_EMAIL]);
    expect(users).toHaveLength(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `sikka_session=${login.cookies.find((c) => c.name === 'sikka_session')!.value}`;
    const http = api(t.app);
    // ₹85,000 approved; buys 367.8456789 USDT at 89.70, sells 71.25 at 86.20
    expect((await http.get('/api/me', cookie)).json().balances).toEqual({
      inr: '58145.99',
      inrHeld: '0.00',
      usdt: '296.59567890',
    });
    const deposits = (await http.get('/api/deposits', cookie)).json().deposits;
    expect(deposits.map((d: { status: string }) => d.status).sort()).toEqual([
      'approved',
      'approved',
      'approved',
      'pending',
      'rejected',
    ]);
    expect((await http.get('/api/trades', cookie)).json().total).toBe(7);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('prices and guards exactly, without floats', () => {
    expect(quickPrices('87.7')).toEqual({ rate: '87.7', buy: '89.70', sell: '86.20' });
    // A rate with more places: the buyer's price rounds up, the seller's down.
    expect(quickPrices('90.121')).toEqual({ rate: '90.121', buy: '92.13', sell: '88.62' });
    // 110.7407397... : the buyer pays the paisa above, the seller gets the one below.
    expect(tradeTotal('buy', '1.23456789', '89.70')).toBe('110.75');
    expect(tradeTotal('sell', '1.23456789', '89.70')).toBe('110.74');
    expect(tradeTotal('buy', '0.00005', '89.70')).toBe('0.01'); // 0.004485
    expect(tradeTotal('sell', '0.00005', '89.70')).toBe('0.00');
    expect(tradeTotal('buy', '2', '89.70')).toBe('179.40'); // exact stays exact
    expect(tradeTotal('sell', '2', '89.70')).toBe('179.40');
    expect(isPriceWorse('buy', '90.14', '89.70')).toBe(false);
    expect(isPriceWorse('buy', '90.15', '89.70')).toBe(true);
    expect(isPriceWorse('sell', '85.77', '86.20')).toBe(false);
    expect(isPriceWorse('sell', '85.76', '86.20')).toBe(true);
    expect(isPriceWorse('buy', '1', '89.70')).toBe(false);
    expect(isPriceWorse('sell', '1000', '86.20')).toBe(false);
    expect(decimalToUnits('1.005', 2)).toBe(101n);
    expect(decimalToUnits('-1.005', 2)).toBe(-101n);
    expect(decimalToUnits('0.004', 2)).toBe(0n);
    expect(unitsToDecimal(5n, 8)).toBe('0.00000005');
    expect(unitsToDecimal(-12345n, 2)).toBe('-123.45');
    expect(compareDecimal('100', '99.999')).toBe(1);
    expect(compareDecimal('100.00', '100')).toBe(0);
    expect(() => decimalToUnits('1e3', 2)).toThrow();
  });
});
