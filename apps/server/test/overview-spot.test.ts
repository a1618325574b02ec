import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDecimal, multiplyDecimal } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { api, fundFromHouse } from '../../../test/support/money-helpers.ts';

/**
 * Total Balance and Today's PnL (GET /api/me/overview) of a spot trader: what open orders
 * reserve is still theirs, other coins count at their live prices, and selling a coin is no
 * profit. Prices stand still here (no feed ticks), so every figure is exact.
 */
describe.each(availableDrivers())('the overview of a spot trader on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await startTestApp(driver, {
      SPOT_TRADING: true,
      SPOT_MARKET_MAKER: 'off',
      MARKET_AUTOSTART: false,
    });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const overview = async (cookie: string) => {
    const res = await http.get('/api/me/overview', cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      totalBalanceInr: string;
      todaysPnlInr: string;
      otherCoinsInr: string;
      usdtInrRate: string;
      dayOpenValueInr: string;
    };
  };
  const order = async (cookie: string, body: object) => {
    const res = await http.post('/api/spot/orders', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: string; status: string };
  };

  it('counts reserved INR and coins and other coins at live prices; a coin sold is no profit', async () => {
    const btcPrice = t.app.market.getPriceText('BTCINR')!;
    const u = await signUpVerified(t.app);
    await fundFromHouse(t.app.db, u.id, 'INR', '1000');
    await fundFromHouse(t.app.db, u.id, 'BTC', '0.01');
    await fundFromHouse(t.app.db, u.id, 'USDT', '5');
    const before = await overview(u.cookie);
    const btcValue = multiplyDecimal('0.01', btcPrice, 2, 'down');
    expect(before.otherCoinsInr).toBe(btcValue);
    expect(before.totalBalanceInr).toBe(
      addDecimal(
        addDecimal('1000', multiplyDecimal('5', before.usdtInrRate, 2, 'down'), 2),
        btcValue,
        2,
      ),
    );
    // The house's funding today is no deposit: it shows in the day's result, which the
    // steps below must leave alone or move by exactly what they cost.
    const pnl = before.todaysPnlInr;

    // Orders that reserve INR and BTC: nothing left the user.
    await order(u.cookie, {
      market: 'USDT-INR',
      side: 'buy',
      type: 'limit',
      price: '80',
      quantity: '2',
    });
    const resting = await order(u.cookie, {
      market: 'BTC-INR',
      side: 'sell',
      type: 'limit',
      price: '9900000',
      quantity: '0.01',
    });
    const reserved = await overview(u.cookie);
    expect(reserved.totalBalanceInr).toBe(before.totalBalanceInr);
    expect(reserved.otherCoinsInr).toBe(btcValue);
    expect(reserved.todaysPnlInr).toBe(pnl);

    // Sold below the feed's price, as a taker: the day's result moves by the price given away,
    // the fee and the TDS, not by the rupees received.
    expect((await http.post(`/api/spot/orders/${resting.id}/cancel`, u.cookie)).statusCode).toBe(
      200,
    );
    const bidder = await signUpVerified(t.app);
    await fundFromHouse(t.app.db, bidder.id, 'INR', '100000');
    await order(bidder.cookie, {
      market: 'BTC-INR',
      side: 'buy',
      type: 'limit',
      price: '9800000',
      quantity: '0.01',
    });
    const sold = await order(u.cookie, {
      market: 'BTC-INR',
      side: 'sell',
      type: 'market',
      quantity: '0.01',
      timeInForce: 'IOC',
    });
    expect(sold.status).toBe('filled');
    const after = await overview(u.cookie);
    // 98,000.00 gross − 196.00 taker fee − 980.00 TDS = 96,824.00 received, for BTC worth
    // 0.01 × the feed's price.
    const received = '96824.00';
    expect(after.otherCoinsInr).toBe('0.00');
    expect(addDecimal(after.todaysPnlInr, `-${pnl}`, 2)).toBe(
      addDecimal(received, `-${btcValue}`, 2),
    );
    expect(after.dayOpenValueInr).toBe(before.dayOpenValueInr);
  });
});
