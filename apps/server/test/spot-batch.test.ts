import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SESSION_TTL_MS } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  sessionCookie,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
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

  it('does not count an order refused because its session ended against the budget', async () => {
    const u = await trader('10000');
    const body = limit('buy', '40', '1');
    // Three of the minute's four: the engine now knows this session's token.
    for (let i = 0; i < 3; i++) expect((await order(u.cookie, body)).statusCode).toBe(201);
    expect((await http.post('/api/auth/logout', u.cookie)).statusCode).toBe(204);
    // Counted when the batch takes it, refused by spot_accept (the session is gone), and then
    // taken back out of the count: a signed-out request never spends the user's budget.
    expect((await order(u.cookie, body)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    expect((await order(cookie, body)).statusCode).toBe(201);
    expect((await order(cookie, body)).statusCode).toBe(429);
    const rows = await t.app.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM spot_orders WHERE user_id = $1',
      [u.id],
    );
    expect(rows[0]!.n).toBe('4');
  });

  // Real lock waits need PostgreSQL's own connections (PGlite runs one transaction at a time),
  // so this one exists only in the PostgreSQL run.
  if (driver === 'postgres')
    it('runs a request again after its batch deadlocked, and again when the retry deadlocks too', async () => {
      const maker = await trader('0', { BTC: '1' });
      const taker = await trader('5000');
      // BTC-INR, far above every price the other tests leave resting: these two meet.
      const btc = (side: 'buy' | 'sell') => ({
        market: 'BTC-INR',
        side,
        type: 'limit',
        price: '2500000',
        quantity: '0.001',
      });
      expect((await order(maker.cookie, btc('sell'))).statusCode).toBe(201);
      // Another writer (here the test's own transaction) that takes the users' locks in the
      // other order, as a second market's writer can. Its deadlock_timeout is long, so the
      // engine's transaction is the one PostgreSQL ends each time.
      const engineWaits = async () => {
        for (let i = 0; i < 200; i++) {
          const [row] = await t.app.db.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          if (Number(row!.n) > 0) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error('the engine never waited for the test’s lock');
      };
      let makerLocked!: () => void;
      const locked = new Promise<void>((r) => (makerLocked = r));
      const steps: string[] = [];
      const other = t.app.db
        .transaction(async (x) => {
          await x.query("SET LOCAL deadlock_timeout = '60s'");
          await x.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [maker.id]);
          makerLocked();
          // The taker's batch holds the taker and waits for the maker in its settlement.
          await engineWaits();
          await x.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [taker.id]);
          steps.push('batch deadlocked');
          // Run again alone, the request holds the market and waits for the taker.
          await engineWaits();
          await x.query("SELECT 1 FROM spot_markets WHERE symbol = 'BTC-INR' FOR UPDATE");
          steps.push('retry deadlocked');
          await engineWaits();
          throw new Error('let go');
        })
        .catch((err: unknown) => steps.push((err as Error).message));
      await locked;
      const res = await order(taker.cookie, btc('buy'));
      await other;
      expect(res.statusCode).toBe(201);
      expect(steps).toEqual(['batch deadlocked', 'retry deadlocked', 'let go']);
      expect(res.json().order).toMatchObject({ status: 'filled', filledQuantity: '0.00100' });
      const rows = await t.app.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM spot_orders WHERE user_id = $1',
        [taker.id],
      );
      expect(rows[0]!.n).toBe('1');
      expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
    });

  it('takes a batch matched ahead back when an order is refused, and runs it the two-step way', async () => {
    const exchange = t.app.spot!.exchange;
    const engine = exchange.engine('XRP-INR')!;
    // Orders straight to the engine, as the house places them: those submitted while a batch
    // runs make the next batch together, in this order. 1 XRP at 200.00 INR and up.
    const place = (userId: string, side: 'buy' | 'sell', priceTicks: number | null, more = {}) =>
      exchange.submit('XRP-INR', {
        kind: 'place',
        id: randomUUID(),
        userId,
        side,
        type: 'limit',
        tif: 'GTC',
        postOnly: false,
        stp: 'cancel_taker',
        priceTicks,
        lots: 10,
        quoteAmount: null,
        key: null,
        hash: null,
        ...more,
      });
    const seller = await trader('0', { XRP: '10' });
    const broke = await trader('0');
    const buyer = await trader('10000');
    for (const ticks of [20000, 20100])
      expect((await place(seller.id, 'sell', ticks)).ok).toBe(true);
    const before = { ...engine.stats };
    const alone = place(seller.id, 'sell', 30000);
    // Matched ahead, the broke user's buy takes the 200.00 order and the buyer's then rests;
    // PostgreSQL refuses the first, so the batch is taken back and run again: the buyer's buy
    // takes the 200.00 order.
    const [refused, filled] = await Promise.all([
      place(broke.id, 'buy', 20100),
      place(buyer.id, 'buy', 20000),
    ]);
    expect((await alone).ok).toBe(true);
    expect(refused).toMatchObject({ ok: false, code: 'insufficient_funds' });
    expect(filled.ok && filled.answer).toMatchObject({ status: 'filled', filled_lots: '10' });
    expect(engine.stats.guessed - before.guessed).toBe(1);
    expect(engine.stats.missed - before.missed).toBe(1);
    expect(engine.stats.batches - before.batches).toBe(2);
    // The book the engine kept is the database's.
    await engine.idle();
    const hash = engine.hash();
    await engine.load();
    expect(engine.hash()).toBe(hash);
    expect(engine.currentView().asks.map(([price]) => price)).toEqual(['201.00', '300.00']);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);

    // The refused user's batches are not matched ahead for a while (a user short of funds
    // cannot make the market run its batches twice); everyone else's still are.
    const again = await place(broke.id, 'buy', 19000);
    expect(again).toMatchObject({ ok: false, code: 'insufficient_funds' });
    expect(engine.stats.missed - before.missed).toBe(1);
    expect(engine.stats.guessed - before.guessed).toBe(1);
    expect((await place(buyer.id, 'buy', 19000)).ok).toBe(true);
    expect(engine.stats.guessed - before.guessed).toBe(2);
    // Nor is a market buy: what it may spend is spot_accept's answer.
    const market = await place(buyer.id, 'buy', null, {
      type: 'market',
      tif: 'IOC',
      lots: null,
      quoteAmount: '250',
    });
    // 1 XRP at 201.00 and 0.1 at 300.00: what 250 INR pays for with the taker fee.
    expect(market.ok && market.answer).toMatchObject({ status: 'filled', filled_lots: '11' });
    expect(engine.stats.guessed - before.guessed).toBe(2);
    expect(engine.stats.missed - before.missed).toBe(1);
    expect(engine.stats.batches - before.batches).toBe(5);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
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
