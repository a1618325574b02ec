import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_SIZE,
  groupInr,
  messages,
  quickPrices,
  TRADE_PAGE_SIZE,
} from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { api, fund } from '../../../test/support/money-helpers.ts';

describe.each(availableDrivers())('quick trades on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  /** The market's USDT/INR last price as the server sees it; tests move it. */
  let rate: string | null = '87.7';
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { usdtInrRate: () => rate });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const funded = async (inr: string) => {
    const u = await signUpVerified(t.app);
    await fund(t.app, u.cookie, admin, inr);
    return u;
  };
  const quick = (cookie: string | undefined, body: object, headers?: Record<string, string>) =>
    http.post('/api/trades/quick', cookie, body, headers);
  const balanceOf = async (cookie: string) => (await http.get('/api/me', cookie)).json().balances;
  const tradeCount = async (userId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM trades WHERE user_id = $1',
        [userId],
      )
    )[0]!.n;

  it('buys at the server rate + 2 and charges amount × price rounded up to the paisa', async () => {
    rate = '87.7';
    const u = await funded('1000');
    const res = await quick(u.cookie, {
      side: 'buy',
      usdtAmount: '1.23456789',
      quotedRate: '89.70',
    });
    expect(res.statusCode).toBe(201);
    // 1.23456789 × 89.70 = 110.740739733 → the buyer pays ₹110.75 (rounded up)
    expect(res.json().trade).toMatchObject({
      type: 'buy',
      amount: '1.23456789',
      price: '89.70',
      total: '110.75',
      status: 'completed',
    });
    expect(res.json().balances).toEqual({ inr: '889.25', inrHeld: '0.00', usdt: '1.23456789' });
    expect(await balanceOf(u.cookie)).toEqual({
      inr: '889.25',
      inrHeld: '0.00',
      usdt: '1.23456789',
    });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('sells at the server rate − 1.5, and credits amount × price rounded down to the paisa', async () => {
    rate = '87.7';
    const u = await funded('1000');
    await quick(u.cookie, { side: 'buy', usdtAmount: '10', quotedRate: '89.7' });
    const res = await quick(u.cookie, { side: 'sell', usdtAmount: '3.333', quotedRate: '86.2' });
    expect(res.statusCode).toBe(201);
    // 3.333 × 86.20 = 287.3046 → the gross is ₹287.30 (rounded down); 1% TDS (section 194S)
    // = 2.873 → ₹2.88 withheld (rounded up); the seller receives ₹284.42.
    expect(res.json().trade).toMatchObject({
      type: 'sell',
      amount: '3.33300000',
      price: '86.20',
      total: '287.30',
      tds: '2.88',
      net: '284.42',
    });
    // 1000 − 897.00 (the buy) + 284.42
    expect(res.json().balances).toEqual({ inr: '387.42', inrHeld: '0.00', usdt: '6.66700000' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('takes the rate from the feed to the paise in the house’s favour, and falls back to 87.7 without one', async () => {
    const u = await funded('10000');
    rate = '90.1234';
    // The buyer's price rounds up (90.13 + 2), the seller's down (90.12 − 1.5).
    const buy = await quick(u.cookie, { side: 'buy', usdtAmount: '1', quotedRate: '92.13' });
    expect(buy.json().trade.price).toBe('92.13');
    const sell = await quick(u.cookie, { side: 'sell', usdtAmount: '1', quotedRate: '88.62' });
    expect(sell.json().trade.price).toBe('88.62');
    for (const missing of [null, 'garbage', '-5', '1.2']) {
      rate = missing;
      const res = await quick(u.cookie, { side: 'buy', usdtAmount: '1', quotedRate: '89.7' });
      expect(res.json().trade.price).toBe('89.70');
    }
    rate = '87.7';
  });

  it('accepts a quoted rate with floating-point noise from the browser', async () => {
    rate = '87.735';
    const u = await funded('1000');
    const res = await quick(u.cookie, {
      side: 'buy',
      usdtAmount: '1',
      quotedRate: '89.73500000000001',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().trade.price).toBe('89.74');
    rate = '87.7';
  });

  it('executes at the server price, never the quoted one, within the 0.5% guard', async () => {
    rate = '87.7';
    const u = await funded('1000');
    // The client quotes a cheaper price (89.30, 0.45% below 89.70): still the server's price.
    const res = await quick(u.cookie, { side: 'buy', usdtAmount: '1', quotedRate: '89.30' });
    expect(res.statusCode).toBe(201);
    expect(res.json().trade.price).toBe('89.70');
    expect(res.json().balances.inr).toBe('910.30');
  });

  it('refuses with price_changed when the server price is worse by more than 0.5%, writing nothing', async () => {
    const u = await funded('1000');
    await quick(u.cookie, { side: 'buy', usdtAmount: '2', quotedRate: '89.7' });
    const before = await balanceOf(u.cookie);
    const trades = await tradeCount(u.id);
    // buy: 89.70 × 1.005 = 90.1485; a server buy price of 90.15 (rate 88.15) is too far.
    rate = '88.15';
    const buy = await quick(u.cookie, { side: 'buy', usdtAmount: '1', quotedRate: '89.70' });
    expect(buy.statusCode).toBe(409);
    expect(buy.json().error).toEqual({
      code: 'price_changed',
      message: messages.quickBuy.priceChanged,
    });
    rate = '88.14'; // 90.14: within 0.5%
    expect(
      (await quick(u.cookie, { side: 'buy', usdtAmount: '0.5', quotedRate: '89.70' })).statusCode,
    ).toBe(201);
    // sell: 86.20 × 0.995 = 85.769; a server sell price of 85.76 (rate 87.26) is too far.
    rate = '87.26';
    const sell = await quick(u.cookie, { side: 'sell', usdtAmount: '1', quotedRate: '86.20' });
    expect(sell.statusCode).toBe(409);
    expect(sell.json().error.code).toBe('price_changed');
    // A price better for the user never refuses.
    rate = '95';
    const better = await quick(u.cookie, { side: 'sell', usdtAmount: '1', quotedRate: '86.20' });
    expect(better.statusCode).toBe(201);
    expect(better.json().trade.price).toBe('93.50');
    rate = '80';
    expect(
      (await quick(u.cookie, { side: 'buy', usdtAmount: '0.2', quotedRate: '89.70' })).statusCode,
    ).toBe(201);
    expect(await tradeCount(u.id)).toBe(trades + 3);
    expect(before.usdt).toBe('2.00000000');
    rate = '87.7';
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('refuses a buy above the INR balance with the exact message and moves nothing', async () => {
    rate = '87.7';
    const u = await funded('100');
    // 1.12 × 89.70 = 100.464 → ₹100.46 > ₹100.00
    const res = await quick(u.cookie, { side: 'buy', usdtAmount: '1.12', quotedRate: '89.7' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'insufficient_inr',
      message: 'Insufficient INR balance',
    });
    expect(await balanceOf(u.cookie)).toEqual({
      inr: '100.00',
      inrHeld: '0.00',
      usdt: '0.00000000',
    });
    expect(await tradeCount(u.id)).toBe(0);
    // Exactly the balance is fine: 1.11482720 × 89.70 = 99.99999984 → ₹100.00
    const all = await quick(u.cookie, { side: 'buy', usdtAmount: '1.1148272', quotedRate: '89.7' });
    expect(all.statusCode).toBe(201);
    expect(all.json().balances.inr).toBe('0.00');
  });

  it('refuses a sell above the USDT balance, naming the available amount to two decimals', async () => {
    rate = '87.7';
    const u = await funded('500');
    const none = await quick(u.cookie, { side: 'sell', usdtAmount: '1', quotedRate: '86.2' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toEqual({
      code: 'insufficient_usdt',
      message: 'Insufficient USDT balance. Available: 0.00 USDT',
    });
    await quick(u.cookie, { side: 'buy', usdtAmount: '1.23999999', quotedRate: '89.7' });
    const res = await quick(u.cookie, { side: 'sell', usdtAmount: '1.24', quotedRate: '86.2' });
    expect(res.statusCode).toBe(422);
    // Rounded down, so the amount offered can really be sold.
    expect(res.json().error.message).toBe('Insufficient USDT balance. Available: 1.23 USDT');
    expect((await balanceOf(u.cookie)).usdt).toBe('1.23999999');
    expect(await tradeCount(u.id)).toBe(1);
  });

  it.each([
    ['0', messages.money.amountPositive],
    ['0.00000000', messages.money.amountPositive],
    ['-1', messages.money.amountPositive],
    ['0.000000001', messages.trades.usdtDecimals],
    ['1.123456789', messages.trades.usdtDecimals],
    ['1000000.00000001', messages.trades.usdtMax],
    ['99999999999999999999999999', messages.trades.usdtMax],
    ['9'.repeat(50), messages.deposits.amountNumeric],
    ['1e3', messages.deposits.amountNumeric],
    ['abc', messages.deposits.amountNumeric],
    ['0x10', messages.deposits.amountNumeric],
    ['NaN', messages.deposits.amountNumeric],
    ['Infinity', messages.deposits.amountNumeric],
    ['', messages.quickBuy.enterAmount],
    [undefined, messages.quickBuy.enterAmount],
    [10, messages.money.amountAsString],
    [0.1, messages.money.amountAsString],
    [true, messages.deposits.amountNumeric],
  ])('refuses usdtAmount %j with "%s" and writes nothing', async (usdtAmount, message) => {
    const u = await funded('1000');
    const body = usdtAmount === undefined ? {} : { usdtAmount };
    const res = await quick(u.cookie, { side: 'buy', quotedRate: '89.7', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message });
    expect(res.json().error.fields).toEqual({ usdtAmount: message });
    expect(await tradeCount(u.id)).toBe(0);
  });

  it('refuses a total below the ₹10.00 minimum or above the maximum, writing nothing', async () => {
    rate = '87.7';
    const u = await funded('5000');
    const min = messages.trades.totalMin('10.00');
    // 0.11 × 89.70 = ₹9.867 → ₹9.87 to pay: below the minimum. Dust can no longer be traded.
    for (const [side, usdtAmount] of [
      ['buy', '0.11'],
      ['buy', '0.00005'],
      ['sell', '0.1'],
    ] as const) {
      const res = await quick(u.cookie, {
        side,
        usdtAmount,
        quotedRate: side === 'buy' ? '89.7' : '86.2',
      });
      expect(res.statusCode, `${side} ${usdtAmount}`).toBe(422);
      expect(res.json().error).toEqual({
        code: 'trade_limit',
        message: min,
        fields: { usdtAmount: min },
      });
    }
    expect(await tradeCount(u.id)).toBe(0);
    // 0.1115 × 89.70 = 10.00155 → ₹10.01: allowed. Exactly ₹10.00 is allowed too.
    expect(
      (await quick(u.cookie, { side: 'buy', usdtAmount: '0.1115', quotedRate: '89.7' })).statusCode,
    ).toBe(201);
    // 0.11600928 × 86.20 = 9.99999993… rounds down to ₹9.99 for a seller: refused.
    const sellDust = await quick(u.cookie, {
      side: 'sell',
      usdtAmount: '0.11600928',
      quotedRate: '86.2',
    });
    expect(sellDust.json().error.code).toBe('trade_limit');
    expect(await tradeCount(u.id)).toBe(1);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('takes the bounds from the settings and words them in Indian grouping', async () => {
    const own = await startTestApp(
      driver,
      { TRADE_MIN_TOTAL_INR: '500', TRADE_MAX_TOTAL_INR: '1000.5' },
      { usdtInrRate: () => '87.7' },
    );
    try {
      const ownAdmin = await logInAdmin(own.app);
      const u = await signUpVerified(own.app);
      await fund(own.app, u.cookie, ownAdmin, '5000');
      const send = (usdtAmount: string) =>
        api(own.app).post('/api/trades/quick', u.cookie, {
          side: 'buy',
          usdtAmount,
          quotedRate: '89.7',
        });
      const low = await send('5'); // ₹448.50
      expect(low.statusCode).toBe(422);
      expect(low.json().error.message).toBe('The trade total must be at least ₹500.00');
      const high = await send('11.16'); // ₹1,001.06 (1001.052 rounded up)
      expect(high.statusCode).toBe(422);
      expect(high.json().error.message).toBe('The trade total can be at most ₹1,000.50 per trade');
      expect((await send('11.15')).statusCode).toBe(201); // ₹1,000.16 (1000.155 rounded up)
    } finally {
      await own.close();
    }
    expect(messages.trades.totalMax(groupInr('1000000'))).toBe(
      'The trade total can be at most ₹10,00,000.00 per trade',
    );
  });

  it('validates side and quotedRate with clear messages', async () => {
    const u = await funded('1000');
    const cases: Array<[object, Record<string, string>]> = [
      [
        { side: 'hold', usdtAmount: '1', quotedRate: '89.7' },
        { side: messages.trades.sideInvalid },
      ],
      [{ usdtAmount: '1', quotedRate: '89.7' }, { side: messages.trades.sideInvalid }],
      [{ side: 'buy', usdtAmount: '1' }, { quotedRate: messages.trades.quotedRateRequired }],
      [
        { side: 'buy', usdtAmount: '1', quotedRate: 'abc' },
        { quotedRate: messages.trades.quotedRateInvalid },
      ],
      [
        { side: 'buy', usdtAmount: '1', quotedRate: '0' },
        { quotedRate: messages.trades.quotedRateInvalid },
      ],
      [
        { side: 'buy', usdtAmount: '1', quotedRate: 89.7 },
        { quotedRate: messages.trades.quotedRateInvalid },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await quick(u.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual(fields);
    }
    expect(await tradeCount(u.id)).toBe(0);
  });

  it('cannot be pointed at another user or given a price: the session and the feed decide', async () => {
    rate = '87.7';
    const a = await funded('1000');
    const b = await funded('1000');
    for (const extra of [
      { userId: a.id },
      { user_id: a.id },
      { p_user_id: a.id },
      { price: '1' },
      { p_price: '0.01' },
      { rate: '1' },
    ]) {
      const res = await quick(b.cookie, {
        side: 'buy',
        usdtAmount: '1',
        quotedRate: '89.7',
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.money.unknownField(Object.keys(extra)));
    }
    // A quoted rate far in the user's favour does not set the price either.
    const cheap = await quick(b.cookie, { side: 'buy', usdtAmount: '1', quotedRate: '1' });
    expect(cheap.statusCode).toBe(409);
    const sellHigh = await quick(b.cookie, {
      side: 'sell',
      usdtAmount: '1',
      quotedRate: '100000',
    });
    expect(sellHigh.statusCode).toBe(409);
    expect(await balanceOf(a.cookie)).toEqual({
      inr: '1000.00',
      inrHeld: '0.00',
      usdt: '0.00000000',
    });
    expect(await balanceOf(b.cookie)).toEqual({
      inr: '1000.00',
      inrHeld: '0.00',
      usdt: '0.00000000',
    });
    expect(await tradeCount(a.id)).toBe(0);
    expect(await tradeCount(b.id)).toBe(0);
  });

  it('needs a session: "Please login to trade"', async () => {
    const res = await quick(undefined, { side: 'buy', usdtAmount: 'abc', quotedRate: '89.7' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'unauthorized',
      message: messages.quickBuy.loginRequired,
    });
    expect((await http.get('/api/trades')).statusCode).toBe(401);
  });

  it('replays a repeated Idempotency-Key without trading twice; another body is refused', async () => {
    rate = '87.7';
    const u = await funded('1000');
    const body = { side: 'buy', usdtAmount: '2', quotedRate: '89.7' };
    const key = { 'idempotency-key': 'trade-2024-0001' };
    const first = await quick(u.cookie, body, key);
    rate = '88'; // the market moves; the replay still answers the first result
    const again = await quick(u.cookie, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Even when the price has since moved past the guard, the key's answer is the first one.
    rate = '95';
    const late = await quick(u.cookie, body, key);
    expect(late.statusCode).toBe(201);
    expect(late.body).toBe(first.body);
    expect(await tradeCount(u.id)).toBe(1);
    const other = await quick(u.cookie, { ...body, usdtAmount: '3' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_conflict');
    // A refused attempt leaves no key behind: the same key works once the cause is fixed.
    rate = '87.7';
    const k2 = { 'idempotency-key': 'trade-2024-0002' };
    const poor = await quick(u.cookie, { ...body, usdtAmount: '100' }, k2);
    expect(poor.statusCode).toBe(422);
    await fund(t.app, u.cookie, admin, '10000');
    expect((await quick(u.cookie, { ...body, usdtAmount: '100' }, k2)).statusCode).toBe(201);
    expect(await tradeCount(u.id)).toBe(2);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('answers with the trade exactly as the history lists it, and the balances it left', async () => {
    rate = '87.7';
    const u = await funded('500');
    const bought = await quick(
      u.cookie,
      { side: 'buy', usdtAmount: '0.5', quotedRate: '89.7' },
      { 'idempotency-key': 'same-shape-1' },
    );
    const sold = await quick(u.cookie, { side: 'sell', usdtAmount: '0.25', quotedRate: '86.2' });
    expect([bought.statusCode, sold.statusCode]).toEqual([201, 201]);
    const listed = (await http.get('/api/trades', u.cookie)).json().trades;
    expect(listed).toEqual([sold.json().trade, bought.json().trade]);
    expect(bought.json().trade.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // 500 − 44.85 + (21.55 − 0.22 TDS) = 476.48; 0.5 − 0.25 USDT
    expect(sold.json().balances).toEqual({ inr: '476.48', inrHeld: '0.00', usdt: '0.25000000' });
    expect(await balanceOf(u.cookie)).toEqual(sold.json().balances);
  });

  describe('history', () => {
    let a: Awaited<ReturnType<typeof funded>>;
    let b: Awaited<ReturnType<typeof funded>>;
    /** a's trade ids, oldest first */
    const ids: string[] = [];
    const types: string[] = [];
    beforeAll(async () => {
      rate = '87.7';
      a = await funded('100000');
      b = await funded('1000');
      for (let i = 0; i < 23; i += 1) {
        const side = i % 3 === 2 ? 'sell' : 'buy';
        const res = await quick(a.cookie, {
          side,
          usdtAmount: `1.${String(i).padStart(2, '0')}`,
          quotedRate: side === 'buy' ? '89.7' : '86.2',
        });
        expect(res.statusCode).toBe(201);
        ids.push(res.json().trade.id);
        types.push(side);
      }
      await quick(b.cookie, { side: 'buy', usdtAmount: '1', quotedRate: '89.7' });
    });

    const page = async (cookie: string, query = '') =>
      (await http.get(`/api/trades${query ? `?${query}` : ''}`, cookie)).json();

    it('pages the caller’s own trades newest first, ten a page, with the exact total', async () => {
      const p1 = await page(a.cookie);
      expect(p1).toMatchObject({ total: 23, page: 1, pageSize: TRADE_PAGE_SIZE });
      expect(p1.trades.map((x: { id: string }) => x.id)).toEqual(ids.slice(13).reverse());
      expect(p1.trades[0]).toMatchObject({ amount: '1.22000000', price: '89.70', total: '109.44' });
      const p3 = await page(a.cookie, 'page=3');
      expect(p3.trades.map((x: { id: string }) => x.id)).toEqual(ids.slice(0, 3).reverse());
      expect(p3.total).toBe(23);
      expect((await page(a.cookie, 'page=4')).trades).toEqual([]);
      const bp = await page(b.cookie);
      expect(bp.total).toBe(1);
      expect(bp.trades.every((x: { id: string }) => !ids.includes(x.id))).toBe(true);
    });

    it('filters by type and status, exactly counted', async () => {
      const sells = ids.filter((_, i) => types[i] === 'sell');
      const s = await page(a.cookie, 'type=sell');
      expect(s.total).toBe(sells.length);
      expect(s.trades.map((x: { id: string }) => x.id)).toEqual([...sells].reverse());
      expect((await page(a.cookie, 'type=buy')).total).toBe(23 - sells.length);
      expect((await page(a.cookie, 'status=completed')).total).toBe(23);
      expect(await page(a.cookie, 'status=failed')).toMatchObject({ trades: [], total: 0 });
      expect((await page(a.cookie, 'status=completed&type=buy&page=2')).trades).toHaveLength(
        23 - sells.length - 10,
      );
      expect((await page(a.cookie, 'status=all&type=')).total).toBe(23);
    });

    it('searches by any part of the id, case-insensitively, within own trades only', async () => {
      const target = ids[5]!;
      const part = target.slice(9, 18).toUpperCase();
      const r = await page(a.cookie, `search=${part}`);
      expect(r.trades.map((x: { id: string }) => x.id)).toContain(target);
      expect(r.total).toBe(r.trades.length);
      expect((await page(b.cookie, `search=${target}`)).total).toBe(0);
      expect((await page(a.cookie, `search=${target}&type=${types[5]}`)).total).toBe(1);
      const other = types[5] === 'buy' ? 'sell' : 'buy';
      expect((await page(a.cookie, `search=${target}&type=${other}`)).total).toBe(0);
      for (const wild of ['%25', '_', '-']) {
        const res = await page(a.cookie, `search=${wild}`);
        expect(res.total).toBe(wild === '-' ? 23 : 0);
      }
    });

    it('refuses unknown filters with clear messages', async () => {
      for (const [query, field, message] of [
        ['status=pending', 'status', messages.trades.statusInvalid],
        ['type=swap', 'type', messages.trades.typeInvalid],
        ['page=0', 'page', messages.money.pageInvalid],
        ['page=abc', 'page', messages.money.pageInvalid],
        [`search=${'x'.repeat(101)}`, 'search', messages.money.searchTooLong],
      ] as const) {
        const res = await http.get(`/api/trades?${query}`, a.cookie);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ [field]: message });
      }
    });

    it('lists every trade to the admin with the owner, search, filters and paging', async () => {
      const fresh = await startTestApp(driver, {}, { usdtInrRate: () => '87.7' });
      try {
        const h = api(fresh.app);
        const adm = await logInAdmin(fresh.app);
        const kiran = await signUpVerified(fresh.app, { fullName: 'Kiran Shah' });
        const lata = await signUpVerified(fresh.app, { fullName: 'Lata Menon' });
        await fund(fresh.app, kiran.cookie, adm, '100000');
        await fund(fresh.app, lata.cookie, adm, '100000');
        const made: string[] = [];
        for (let i = 0; i < 26; i += 1) {
          const who = i % 4 === 0 ? lata : kiran;
          const res = await h.post('/api/trades/quick', who.cookie, {
            side: 'buy',
            usdtAmount: '1',
            quotedRate: '89.7',
          });
          made.push(res.json().trade.id);
        }
        const q = async (query = '') =>
          (await h.get(`/api/admin/trades${query ? `?${query}` : ''}`, adm)).json();
        const p1 = await q();
        expect(p1).toMatchObject({ total: 26, page: 1, pageSize: ADMIN_PAGE_SIZE });
        expect(p1.items.map((x: { id: string }) => x.id)).toEqual(made.slice(6).reverse());
        expect(p1.items[0].user).toEqual({
          id: kiran.id,
          fullName: 'Kiran Shah',
          email: kiran.email,
        });
        expect((await q('page=2')).items.map((x: { id: string }) => x.id)).toEqual(
          made.slice(0, 6).reverse(),
        );
        expect((await q('search=lata')).total).toBe(7);
        expect((await q(`search=${encodeURIComponent(kiran.email.toUpperCase())}`)).total).toBe(19);
        expect((await q(`search=${made[3]}`)).items.map((x: { id: string }) => x.id)).toEqual([
          made[3],
        ]);
        expect((await q('status=completed')).total).toBe(26);
        for (const status of ['pending', 'submitted', 'verified', 'rejected', 'failed']) {
          expect(await q(`status=${status}`)).toMatchObject({ items: [], total: 0 });
        }
        expect((await q('type=sell')).total).toBe(0);
        expect((await h.get('/api/admin/trades?status=bogus', adm)).statusCode).toBe(400);
        expect((await h.get('/api/admin/trades', kiran.cookie)).statusCode).toBe(403);
        expect((await h.get('/api/admin/trades')).statusCode).toBe(401);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe.each(availableDrivers())('quick trade rate from the market feed on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // The feed is not started: the test moves it one tick at a time.
    t = await startTestApp(driver, { MARKET_AUTOSTART: false });
  });
  afterAll(() => t.close());

  it('buys at USDTINR + 2 and sells at USDTINR − 1.5 as the feed moves', async () => {
    const http = api(t.app);
    const admin = await logInAdmin(t.app);
    const u = await signUpVerified(t.app);
    await fund(t.app, u.cookie, admin, '100000');
    const prices: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const rate = t.app.market.getUsdtInrRate();
      expect(rate).toMatch(/^[0-9]+(\.[0-9]+)?$/);
      const expected = quickPrices(rate!);
      const buy = await http.post('/api/trades/quick', u.cookie, {
        side: 'buy',
        usdtAmount: '2',
        quotedRate: expected.buy,
      });
      expect(buy.json().trade.price).toBe(expected.buy);
      const sell = await http.post('/api/trades/quick', u.cookie, {
        side: 'sell',
        usdtAmount: '1',
        quotedRate: expected.sell,
      });
      expect(sell.json().trade.price).toBe(expected.sell);
      prices.push(expected.buy);
      await t.app.market.tick();
    }
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });
});
