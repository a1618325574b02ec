import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareDecimal, SESSION_COOKIE, spotMessages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUp, signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { api, fundFromHouse } from '../../../test/support/money-helpers.ts';

describe.each(availableDrivers())('spot exchange on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await startTestApp(driver, { SPOT_TRADING: true, SPOT_MARKET_MAKER: 'off' });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const trader = async (inr = '0', coins: Record<string, string> = {}) => {
    const u = await signUpVerified(t.app);
    if (inr !== '0') await fundFromHouse(t.app.db, u.id, 'INR', inr);
    for (const [asset, amount] of Object.entries(coins))
      await fundFromHouse(t.app.db, u.id, asset, amount);
    return u;
  };
  const order = (cookie: string, body: object, headers?: Record<string, string>) =>
    http.post('/api/spot/orders', cookie, body, headers);
  const balances = async (cookie: string) => {
    const res = await http.get('/api/spot/balances', cookie);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      (res.json().assets as Array<{ asset: string; available: string; reserved: string }>).map(
        (a) => [a.asset, { available: a.available, reserved: a.reserved }],
      ),
    );
  };

  it('lists the configured markets with their sizes and fees', async () => {
    const res = await http.get('/api/spot/markets');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.enabled).toBe(true);
    expect(body.markets.map((m: { symbol: string }) => m.symbol)).toEqual([
      'USDT-INR',
      'BTC-INR',
      'ETH-INR',
      'SOL-INR',
      'XRP-INR',
      'DOGE-INR',
    ]);
    expect(body).toMatchObject({ makerFee: '0.001', takerFee: '0.002', tdsRate: '0.01' });
  });

  it('a resting sell fills a buy at the maker price, with fees, TDS and the ledger balanced', async () => {
    const seller = await trader('0', { USDT: '10' });
    const buyer = await trader('1000');
    const sell = await order(seller.cookie, {
      market: 'USDT-INR',
      side: 'sell',
      type: 'limit',
      price: '90',
      quantity: '10',
    });
    expect(sell.statusCode).toBe(201);
    expect(sell.json().order).toMatchObject({ status: 'open', filledQuantity: '0.00' });
    expect((await balances(seller.cookie)).USDT).toEqual({
      available: '0.00000000',
      reserved: '10.00000000',
    });
    // The book copy follows the engine's NOTIFY, a moment after the answer.
    await vi.waitFor(async () => {
      const book = (await http.get('/api/spot/markets/USDT-INR/book')).json();
      expect(book.asks).toContainEqual(['90.00', '10.00']);
    });

    const buy = await order(buyer.cookie, {
      market: 'USDT-INR',
      side: 'buy',
      type: 'limit',
      price: '91',
      quantity: '4',
    });
    expect(buy.statusCode).toBe(201);
    const { order: bought, fills } = buy.json();
    expect(bought).toMatchObject({
      status: 'filled',
      filledQuantity: '4.00',
      averagePrice: '90',
      inrTotal: '360.72',
      fee: '0.72',
    });
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ price: '90.00', quantity: '4.00', liquidity: 'taker' });
    // The buy reserved 91 × 4 + fee; what it did not spend is available again.
    expect((await balances(buyer.cookie)).INR).toEqual({
      available: '639.28',
      reserved: '0.00',
    });
    expect((await balances(buyer.cookie)).USDT?.available).toBe('4.00000000');
    // Seller: 360 gross − 0.36 maker fee − 3.60 TDS.
    const sold = (await http.get(`/api/spot/orders/${sell.json().order.id}`, seller.cookie)).json();
    expect(sold.order).toMatchObject({
      status: 'partially_filled',
      inrTotal: '356.04',
      fee: '0.36',
      tds: '3.60',
    });
    expect((await balances(seller.cookie)).INR?.available).toBe('356.04');
    expect((await balances(seller.cookie)).USDT?.reserved).toBe('6.00000000');
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('refuses prices off the tick, amounts off the lot, small orders and missing funds', async () => {
    const u = await trader('100');
    const cases: Array<[object, string, string]> = [
      [{ price: '90.005', quantity: '1' }, 'price', spotMessages.priceTick('0.01')],
      [{ price: '90', quantity: '1.005' }, 'quantity', spotMessages.quantityLot('0.01', 'USDT')],
      [{ price: '9', quantity: '1' }, 'quantity', spotMessages.minOrderValue('10')],
    ];
    for (const [fields, field, message] of cases) {
      const res = await order(u.cookie, {
        market: 'USDT-INR',
        side: 'buy',
        type: 'limit',
        ...fields,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const poor = await order(u.cookie, {
      market: 'USDT-INR',
      side: 'buy',
      type: 'limit',
      price: '90',
      quantity: '2',
    });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error).toMatchObject({
      code: 'insufficient_funds',
      message: spotMessages.insufficientInr,
    });
    expect((await balances(u.cookie)).INR).toEqual({ available: '100.00', reserved: '0.00' });
  });

  it('refuses a price at which one lot is worth under five paise; at the floor no fill takes a seller’s INR down', async () => {
    // A bid of ₹0.01 for 1,000 USDT passes the ₹10 minimum, and a market sell of one lot into
    // it was worth ₹0.0001: the seller received ₹0.00, paid a ₹0.01 fee, and a seller with no
    // INR failed the whole batch.
    const bidder = await trader('20');
    const tiny = await order(bidder.cookie, {
      market: 'USDT-INR',
      side: 'buy',
      type: 'limit',
      price: '0.01',
      quantity: '1000',
    });
    expect(tiny.statusCode, tiny.body).toBe(400);
    expect(tiny.json().error.fields.price).toBe(spotMessages.priceTooLow('5.00'));
    expect((await balances(bidder.cookie)).INR).toEqual({ available: '20.00', reserved: '0.00' });
    // Every market's floor: five paise a lot (BTC's lot is 0.00001).
    const btc = await order(bidder.cookie, {
      market: 'BTC-INR',
      side: 'buy',
      type: 'limit',
      price: '4999',
      quantity: '0.1',
    });
    expect(btc.json().error.fields.price).toBe(spotMessages.priceTooLow('5000'));

    // At the floor, a seller with no INR sells one lot at a time into the bid: each fill adds
    // to their INR, never takes from it, and nothing fails.
    const bid = await order(bidder.cookie, {
      market: 'USDT-INR',
      side: 'buy',
      type: 'limit',
      price: '5',
      quantity: '2',
    });
    expect(bid.statusCode, bid.body).toBe(201);
    const seller = await trader('0', { USDT: '1' });
    let before = '0.00';
    for (let i = 0; i < 12; i++) {
      const sell = await order(seller.cookie, {
        market: 'USDT-INR',
        side: 'sell',
        type: 'market',
        quantity: '0.01',
        timeInForce: 'IOC',
      });
      expect(sell.statusCode, sell.body).toBe(201);
      expect(sell.json().order.status).toBe('filled');
      const after = (await balances(seller.cookie)).INR!.available;
      expect(compareDecimal(after, before), `fill ${i + 1}: ${before} → ${after}`).toBe(1);
      before = after;
    }
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('answers a made-up session 401 before the market’s writer; a session signed out since is refused by the batch', async () => {
    const engine = t.app.spot!.exchange.engine('USDT-INR')!;
    const body = { market: 'USDT-INR', side: 'buy', type: 'limit', price: '80', quantity: '1' };
    const batches = engine.stats.batches;
    for (let i = 0; i < 25; i++) {
      const res = await order(`${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`, body);
      expect(res.statusCode).toBe(401);
    }
    expect(engine.stats.batches, 'no batch ran for a made-up session').toBe(batches);

    const u = await trader('1000');
    expect((await order(u.cookie, body)).statusCode).toBe(201);
    expect(engine.stats.batches).toBeGreaterThan(batches);
    // Known to the route a moment ago, revoked now: the batch still decides.
    expect((await http.post('/api/auth/logout', u.cookie)).statusCode).toBeLessThan(300);
    const after = await order(u.cookie, body);
    expect(after.statusCode).toBe(401);
    const open = (await t.app.db.query('SELECT 1 FROM spot_orders WHERE user_id = $1', [u.id]))
      .length;
    expect(open).toBe(1);
  });

  it('needs verified KYC and a session', async () => {
    const unverified = await signUp(t.app);
    const body = { market: 'USDT-INR', side: 'buy', type: 'limit', price: '90', quantity: '1' };
    const res = await order(unverified.cookie, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('kyc_required');
    expect((await http.post('/api/spot/orders', undefined, body)).statusCode).toBe(401);
  });

  it('refuses an order through a session that ended or expired after the engine last saw it, before its key, writing nothing', async () => {
    const body = { market: 'USDT-INR', side: 'buy', type: 'limit', price: '50', quantity: '1' };
    const ordersOf = async (userId: string) =>
      Number(
        (
          await t.app.db.query<{ n: string }>(
            'SELECT count(*) AS n FROM spot_orders WHERE user_id = $1',
            [userId],
          )
        )[0]!.n,
      );

    // Signed out: the engine knows the token's user from the first order, the session is gone.
    const u = await trader('1000');
    const first = await order(u.cookie, body, { 'idempotency-key': 'ended-session-1' });
    expect(first.statusCode).toBe(201);
    expect((await http.post('/api/auth/logout', u.cookie)).statusCode).toBe(204);
    const replay = await order(u.cookie, body, { 'idempotency-key': 'ended-session-1' });
    expect(replay.statusCode).toBe(401);
    const fresh = await order(u.cookie, body, { 'idempotency-key': 'ended-session-2' });
    expect(fresh.statusCode).toBe(401);
    expect(await ordersOf(u.id)).toBe(1);

    // Expired: the same, with the session's row still there.
    const v = await trader('1000');
    expect((await order(v.cookie, body)).statusCode).toBe(201);
    await t.app.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [v.id],
    );
    expect((await order(v.cookie, body)).statusCode).toBe(401);
    expect(await ordersOf(v.id)).toBe(1);
    // Only the first order's 50 + 0.10 fee is reserved.
    const [money] = await t.app.db.query<{ balance: string; inr_reserved: string }>(
      'SELECT balance::text, inr_reserved::text FROM users WHERE id = $1',
      [v.id],
    );
    expect(money).toEqual({ balance: '949.90', inr_reserved: '50.10' });
  });

  it('cancels an order, refuses another user and a closed order, and cancels all', async () => {
    const u = await trader('0', { BTC: '1' });
    const other = await trader();
    const place = (price: string) =>
      order(u.cookie, {
        market: 'BTC-INR',
        side: 'sell',
        type: 'limit',
        price,
        quantity: '0.01',
      });
    const first = (await place('9000000')).json().order.id as string;
    expect((await http.post(`/api/spot/orders/${first}/cancel`, other.cookie)).statusCode).toBe(
      404,
    );
    const cancelled = await http.post(`/api/spot/orders/${first}/cancel`, u.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    const again = await http.post(`/api/spot/orders/${first}/cancel`, u.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid_state');
    await place('9100000');
    await place('9200000');
    expect((await balances(u.cookie)).BTC?.reserved).toBe('0.02000000');
    const all = await http.post('/api/spot/orders/cancel-all', u.cookie, { market: 'BTC-INR' });
    expect(all.json()).toEqual({ cancelled: 2 });
    expect((await balances(u.cookie)).BTC).toEqual({
      available: '1.00000000',
      reserved: '0.00000000',
    });
    const open = await http.get('/api/spot/orders?status=open', u.cookie);
    expect(open.json().total).toBe(0);
    const closed = await http.get('/api/spot/orders?status=closed&market=BTC-INR', u.cookie);
    expect(closed.json().total).toBe(3);
  });

  it('an Idempotency-Key places one order however often it is sent', async () => {
    const u = await trader('1000');
    const body = { market: 'USDT-INR', side: 'buy', type: 'limit', price: '50', quantity: '1' };
    const key = { 'idempotency-key': `spot-${Date.now()}` };
    const [a, b] = await Promise.all([order(u.cookie, body, key), order(u.cookie, body, key)]);
    expect(a.json().order.id).toBe(b.json().order.id);
    const c = await order(u.cookie, body, key);
    expect(c.json().order.id).toBe(a.json().order.id);
    expect(c.headers['idempotent-replayed']).toBe('true');
    const other = await order(u.cookie, { ...body, quantity: '2' }, key);
    expect(other.statusCode).toBe(422);
    expect((await balances(u.cookie)).INR?.reserved).toBe('50.10');
  });

  it('a market buy by INR total spends at most that, fees included', async () => {
    const maker = await trader('0', { ETH: '1' });
    await order(maker.cookie, {
      market: 'ETH-INR',
      side: 'sell',
      type: 'limit',
      price: '300000',
      quantity: '0.01',
    });
    const buyer = await trader('5000');
    const res = await order(buyer.cookie, {
      market: 'ETH-INR',
      side: 'buy',
      type: 'market',
      quoteAmount: '1000',
    });
    expect(res.statusCode).toBe(201);
    const o = res.json().order;
    expect(o.status).toBe('filled');
    // 1000 buys 0.0033 ETH (₹990 + ₹1.98 fee); 0.0034 would cost ₹1,022.04.
    expect(o.filledQuantity).toBe('0.0033');
    expect(o.inrTotal).toBe('991.98');
    expect((await balances(buyer.cookie)).INR).toEqual({ available: '4008.02', reserved: '0.00' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('rebuilds the same book after a restart', async () => {
    const u = await trader('100000', { SOL: '10' });
    for (let i = 0; i < 5; i++) {
      await order(u.cookie, {
        market: 'SOL-INR',
        side: 'buy',
        type: 'limit',
        price: String(10000 + i * 10),
        quantity: '0.5',
      });
      await order(u.cookie, {
        market: 'SOL-INR',
        side: 'sell',
        type: 'limit',
        price: String(12000 + i * 10),
        quantity: '0.5',
      });
    }
    const engine = t.app.spot!.exchange.engine('SOL-INR')!;
    const before = engine.hash();
    await engine.load();
    expect(engine.hash()).toBe(before);
  });
});

describe('spot exchange switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('says it is off and refuses orders', async () => {
    const http = api(t.app);
    expect((await http.get('/api/spot/markets')).json()).toMatchObject({
      enabled: false,
      markets: [],
    });
    const u = await signUpVerified(t.app);
    const res = await http.post('/api/spot/orders', u.cookie, {
      market: 'BTC-INR',
      side: 'buy',
      type: 'limit',
      price: '1',
      quantity: '1',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(spotMessages.disabled);
  });
});
