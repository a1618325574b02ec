import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDecimal,
  compareDecimal,
  decimalToUnits,
  exactTradeValue,
  multiplyDecimal,
  quickPrices,
  sellProceeds,
  TDS_RATE_DEFAULT,
  tradeTotal,
  unitsToDecimal,
  type QuickSide,
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

/**
 * Rounding never pays a user (issue: "Rounding creates money"). These run with the minimum
 * trade total at ₹0.01, so the rounding itself is what is tested, dust included; the ₹10.00
 * minimum is a second, separate defence (trades.test.ts).
 */

/** A user's INR + USDT valued at `rate` INR per USDT, in units of 10^-10 rupee (exact). */
function valueAt(balances: { inr: string; usdt: string }, rate: string): bigint {
  return (
    decimalToUnits(balances.inr, 2) * 10n ** 8n +
    decimalToUnits(balances.usdt, 8) * decimalToUnits(rate, 2)
  );
}

const rupees = (units: bigint) => unitsToDecimal(units, 10);

describe.each(availableDrivers())('house rounding on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let http: ReturnType<typeof api>;
  let rate = '87.7';
  beforeAll(async () => {
    t = await startTestApp(driver, { TRADE_MIN_TOTAL_INR: '0.01' }, { usdtInrRate: () => rate });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const trader = async () => {
    const u = await signUpVerified(t.app);
    await fund(t.app, u.cookie, admin, '100000');
    const seed = await quick(u.cookie, 'buy', '100', '87.7');
    expect(seed.statusCode, seed.body).toBe(201);
    return u;
  };
  const quick = (cookie: string, side: QuickSide, usdtAmount: string, at: string) => {
    const prices = quickPrices(at);
    return http.post('/api/trades/quick', cookie, {
      side,
      usdtAmount,
      quotedRate: side === 'buy' ? prices.buy : prices.sell,
    });
  };
  const balancesOf = async (cookie: string) =>
    (await http.get('/api/me', cookie)).json().balances as { inr: string; usdt: string };

  it('charges a dust buy the paisa above and pays a dust sell the paisa below (the reported loop)', async () => {
    rate = '87.7';
    const u = await trader();
    const before = await balancesOf(u.cookie);
    // The reported attack: a buy whose exact cost is ₹0.0145 and two sells worth ₹0.00501
    // each, repeated. Half-up rounding charged ₹0.01 and paid ₹0.01 + ₹0.01: +₹0.01 and
    // +0.0000454 USDT a loop at an unchanged rate.
    const buyAmount = '0.00016165'; // × 89.70 = 0.01450000… → the buyer pays ₹0.02
    const sellAmount = '0.00005812'; // × 86.20 = 0.00500994… → the seller gets ₹0.00
    for (let i = 0; i < 20; i += 1) {
      const buy = await quick(u.cookie, 'buy', buyAmount, rate);
      expect(buy.statusCode, buy.body).toBe(201);
      expect(buy.json().trade.total).toBe('0.02');
      // Worth ₹0.00 to the seller: refused rather than taking USDT for nothing.
      const sell = await quick(u.cookie, 'sell', sellAmount, rate);
      expect(sell.statusCode).toBe(422);
      expect(sell.json().error.code).toBe('trade_limit');
    }
    const after = await balancesOf(u.cookie);
    expect(valueAt(after, rate)).toBeLessThan(valueAt(before, rate));
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('property: a buy pays at least, a sell receives at most, the exact value; no round trip gains', async () => {
    const u = await trader();
    // Rates with up to 4 places, as a feed gives them; amounts from dust to whole coins.
    const rateArb = fc
      .tuple(fc.integer({ min: 20, max: 150 }), fc.integer({ min: 0, max: 9999 }))
      .map(([whole, frac]) => `${whole}.${String(frac).padStart(4, '0')}`);
    const amountArb = fc
      .oneof(
        fc.integer({ min: 1, max: 50_000 }), // dust: up to 0.0005 USDT
        fc.integer({ min: 1, max: 200_000_000 }), // up to 2 USDT
      )
      .map((units) => unitsToDecimal(BigInt(units), 8));
    const opArb = fc.record({
      side: fc.constantFrom<QuickSide>('buy', 'sell'),
      usdtAmount: amountArb,
    });
    let trades = 0;
    await fc.assert(
      fc.asyncProperty(rateArb, fc.array(opArb, { minLength: 1, maxLength: 6 }), async (r, ops) => {
        rate = r;
        const prices = quickPrices(r);
        const before = await balancesOf(u.cookie);
        for (const op of ops) {
          const res = await quick(u.cookie, op.side, op.usdtAmount, r);
          if (res.statusCode !== 201) {
            // Only a sell worth less than a paisa may be refused here (below the ₹0.01 minimum).
            expect(res.statusCode, res.body).toBe(422);
            expect(op.side).toBe('sell');
            expect(tradeTotal('sell', op.usdtAmount, prices.sell)).toBe('0.00');
            continue;
          }
          trades += 1;
          const trade = res.json().trade as {
            total: string;
            price: string;
            tds: string;
            net: string;
          };
          const exact = exactTradeValue(op.usdtAmount, trade.price);
          // The server's figure is the preview's figure, to the paisa.
          expect(trade.total).toBe(tradeTotal(op.side, op.usdtAmount, trade.price));
          if (op.side === 'sell') {
            // TDS (the product default, 1%) as the preview shows it; what the user receives
            // is never more than the exact value less 1% of it.
            const proceeds = sellProceeds(op.usdtAmount, trade.price, TDS_RATE_DEFAULT);
            expect({ tds: trade.tds, net: trade.net }).toEqual({
              tds: proceeds.tds,
              net: proceeds.net,
            });
            const exactNet = multiplyDecimal(exact, '0.99', 12);
            expect(compareDecimal(trade.net, exactNet)).toBeLessThanOrEqual(0);
          } else
            expect({ tds: trade.tds, net: trade.net }).toEqual({ tds: '0.00', net: trade.total });
          if (op.side === 'buy')
            expect(compareDecimal(trade.total, exact)).toBeGreaterThanOrEqual(0);
          else expect(compareDecimal(trade.total, exact)).toBeLessThanOrEqual(0);
        }
        const after = await balancesOf(u.cookie);
        // At the market rate itself (between the two prices), the user never gains.
        const gain = valueAt(after, r) - valueAt(before, r);
        expect(gain <= 0n, `gained ₹${rupees(gain)} at ${r}`).toBe(true);
      }),
      { numRuns: 100, seed: 20261124 },
    );
    expect(trades).toBeGreaterThan(40);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('withholds in SQL exactly the TDS the preview shows, rounded up, at any rate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 ** 12 }).map((n) => unitsToDecimal(BigInt(n), 8)),
        fc.integer({ min: 1, max: 10 ** 8 }).map((n) => unitsToDecimal(BigInt(n), 2)),
        fc.constantFrom('0', '0.01', '0.001', '0.05', '0.123456', '0.999999'),
        async (amount, price, tdsRate) => {
          const rows = await t.app.db.query<{ gross: string; tds: string }>(
            `SELECT trade_total('sell', $1::numeric, $2::numeric)::text AS gross,
                    tds_amount(trade_total('sell', $1::numeric, $2::numeric), $3::numeric)::text AS tds`,
            [amount, price, tdsRate],
          );
          const proceeds = sellProceeds(amount, price, tdsRate);
          expect(rows[0]).toEqual({ gross: proceeds.gross, tds: proceeds.tds });
          // Rounded up: the TDS is at least gross × rate and less than a paisa above it.
          const exactTds = multiplyDecimal(proceeds.gross, tdsRate, 10);
          expect(compareDecimal(proceeds.tds, exactTds)).toBeGreaterThanOrEqual(0);
          expect(compareDecimal(proceeds.tds, addDecimal(exactTds, '0.01', 10))).toBe(-1);
        },
      ),
      { numRuns: 300, seed: 14 },
    );
  });

  it('computes in SQL exactly the totals the preview shows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<QuickSide>('buy', 'sell'),
        fc.integer({ min: 1, max: 10 ** 12 }).map((n) => unitsToDecimal(BigInt(n), 8)),
        fc.integer({ min: 1, max: 10 ** 8 }).map((n) => unitsToDecimal(BigInt(n), 2)),
        async (side, amount, price) => {
          const rows = await t.app.db.query<{ total: string }>(
            'SELECT trade_total($1, $2::numeric, $3::numeric)::text AS total',
            [side, amount, price],
          );
          expect(rows[0]!.total).toBe(tradeTotal(side, amount, price));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});
