import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SESSION_TTL_MS } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { api, fundFromHouse } from '../../../test/support/money-helpers.ts';

/**
 * The spot engine's batch (migration 025, ADR 018): the order route makes no query of its own
 * (the batch resolves its session, counts its budget and answers with what it wrote), and a
 * batch of many users' orders settles in one pass with the ledger exact.
 */
describe.each(availableDrivers())('spot batches on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await startTestApp(driver, {
      SPOT_TRADING: true,
      SPOT_MARKET_MAKER: 'off',
      SPOT_ORDERS_PER_MIN: 4,
    });
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
  const order = (cookie: string | undefined, body: object) =>
    http.post('/api/spot/orders', cookie, body, { 'idempotency-key': randomUUID() });
  const limit = (side: 'buy' | 'sell', price: string, quantity: string) => ({
    market: 'USDT-INR',
    side,
    type: 'limit',
    price,
    quantity,
  });

  it('answers a placed order with what the database holds, fills and all', async () => {
    const seller = await trader('0', { USDT: '10' });
    const buyer = await trader('5000');
    const rests = [];
    for (const price of ['91.00', '91.50']) {
      const res = await order(seller.cookie, limit('sell', price, '2'));
      expect(res.statusCode).toBe(201);
      rests.push(res.json());
    }
    // Resting, untouched: written once, answered as read.
    for (const r of rests) {
      const read = await http.get(`/api/spot/orders/${r.order.id}`, seller.cookie);
      expect(read.json()).toEqual(r);
    }
    // Crosses both levels and rests the rest: two fills at the makers' prices.
    const taker = await order(buyer.cookie, limit('buy', '92.00', '5'));
    expect(taker.statusCode).toBe(201);
    const body = taker.json();
    expect(body.order).toMatchObject({
      status: 'partially_filled',
      filledQuantity: '4.00',
      averagePrice: '91.25',
    });
    expect(body.fills.map((f: { price: string }) => f.price)).toEqual(['91.00', '91.50']);
    const read = await http.get(`/api/spot/orders/${body.order.id}`, buyer.cookie);
    expect(read.json()).toEqual(body);
    // The makers' own view of the same fills.
    const maker = await http.get(`/api/spot/orders/${rests[0].order.id}`, seller.cookie);
    expect(maker.json().order).toMatchObject({ status: 'filled', filledQuantity: '2.00' });
    expect(maker.json().fills[0]).toMatchObject({ liquidity: 'maker', price: '91.00' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('resolves the session in the batch: a signed-out or expired session places nothing', async () => {
    const u = await trader('1000');
    const body = limit('buy', '50', '1');
    expect((await order(u.cookie, body)).statusCode).toBe(201);
    expect((await order(`${u.cookie}x`, body)).statusCode).toBe(401);
    expect((await order(undefined, body)).statusCode).toBe(401);
    expect((await http.post('/api/auth/logout', u.cookie)).statusCode).toBe(204);
    const after = await order(u.cookie, body);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
    const v = await trader('1000');
    t.advance(SESSION_TTL_MS + 1000);
    try {
      expect((await order(v.cookie, body)).statusCode).toBe(401);
    } finally {
      t.advance(-(SESSION_TTL_MS + 1000));
    }
    const rows = await t.app.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM spot_orders WHERE user_id = ANY ($1::uuid[])',
      [[u.id, v.id]],
    );
    expect(rows[0]!.n).toBe('1');
  });

  it('counts each user’s budget in the market’s engine, not the house’s own orders', async () => {
    const u = await trader('10000');
    const other = await trader('10000');
    const body = limit('buy', '40', '1');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await order(u.cookie, body)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const refused = await order(u.cookie, body);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await order(other.cookie, body)).statusCode).toBe(201);
    // Another market has its own engine and budget.
    const btc = await order(u.cookie, {
      market: 'BTC-INR',
      side: 'buy',
      type: 'limit',
      price: '100000',
      quantity: '0.001',
    });
    expect(btc.statusCode).toBe(201);
    // Orders the house places by user id (the market maker) are not counted.
    const exchange = t.app.spot!.exchange;
    for (let i = 0; i < 6; i++) {
      const reply = await exchange.submit('USDT-INR', {
        kind: 'place',
        id: randomUUID(),
        userId: u.id,
        side: 'buy',
        type: 'limit',
        tif: 'GTC',
        postOnly: false,
        stp: 'cancel_taker',
        priceTicks: 3000,
        lots: 100,
        quoteAmount: null,
        key: null,
        hash: null,
      });
      expect(reply.ok).toBe(true);
    }
    // A new minute, a new budget.
    t.advance(61_000);
    expect((await order(u.cookie, body)).statusCode).toBe(201);
  });

  it('settles many users’ crossing orders sent at once, each answered as stored', async () => {
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await trader('100000', { USDT: '100' }));
    const before = t.app.spot!.exchange.engine('USDT-INR')!.stats.batches;
    const sent = users.flatMap((u, i) =>
      [0, 1, 2].map((k) => {
        const side = (i + k) % 2 === 0 ? 'buy' : 'sell';
        const price = (side === 'buy' ? 93 + k * 0.05 : 92.9 - k * 0.05).toFixed(2);
        return { u, body: limit(side, price, String(1 + k)) };
      }),
    );
    const answers = await Promise.all(sent.map((s) => order(s.u.cookie, s.body)));
    expect(answers.map((a) => a.statusCode)).toEqual(sent.map(() => 201));
    const batches = t.app.spot!.exchange.engine('USDT-INR')!.stats.batches - before;
    // Group commit: on PostgreSQL many requests share a batch.
    if (driver === 'postgres') expect(batches).toBeLessThan(sent.length);
    let fills = 0;
    for (const [i, a] of answers.entries()) {
      fills += a.json().fills.length;
      const read = await http.get(`/api/spot/orders/${a.json().order.id}`, sent[i]!.u.cookie);
      // A maker filled by a later order of the same batch has moved on since its answer.
      if (read.json().order.updatedAt === a.json().order.updatedAt) {
        expect(read.json()).toEqual(a.json());
      }
    }
    expect(fills).toBeGreaterThan(0);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });
});
