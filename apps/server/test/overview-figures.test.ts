import { describe, expect, it } from 'vitest';
import { computeOverview, istDate, istDayStart } from '../src/money/overview.ts';

/** The overview's formulas (docs/money.md) against figures worked out by hand. */
describe('overview figures', () => {
  const none = { inr: '0', held: '0', usdt: '0' };

  it('starts the day at 00:00 India time (UTC+05:30)', () => {
    // 18:29:59Z is 23:59:59 IST of the same date; 18:30Z is 00:00 IST of the next.
    expect(istDayStart(new Date('2026-07-14T18:29:59.999Z')).toISOString()).toBe(
      '2026-07-13T18:30:00.000Z',
    );
    expect(istDayStart(new Date('2026-07-14T18:30:00.000Z')).toISOString()).toBe(
      '2026-07-14T18:30:00.000Z',
    );
    expect(istDate(new Date('2026-07-14T18:30:00.000Z'))).toBe('2026-07-15');
    expect(istDate(new Date('2026-07-14T00:00:00.000Z'))).toBe('2026-07-14');
  });

  it('a price move on held USDT is the whole PnL', () => {
    // open: 1000 + 10 × 85 = 1850; now: 1000 + 10 × 87.5 = 1875 → +25.00, 25/1850 = 1.351…%
    expect(
      computeOverview({
        now: { inr: '1000.00', held: '0.00', usdt: '10.00000000' },
        rateNow: '87.5',
        open: { inr: '1000.00', held: '0.00', usdt: '10.00000000' },
        rateOpen: '85',
        netFlows: '0',
      }),
    ).toEqual({
      totalBalanceInr: '1875.00',
      dayOpenValueInr: '1850.00',
      todaysPnlInr: '25.00',
      todaysPnlPercent: '1.35',
    });
  });

  it('deposits and withdrawals paid out are flows, held INR is still the user’s', () => {
    // open: 5000 available. Today: deposited 2000; withdrawals of 1000 (still held) and 500
    // (paid out) requested → available 5000 + 2000 − 1500 = 5500, held 1000, value 6500;
    // flows 2000 − 500 = 1500 → PnL = (6500 − 5000) − 1500 = 0.00
    expect(
      computeOverview({
        now: { inr: '5500.00', held: '1000.00', usdt: '0' },
        rateNow: '88',
        open: { inr: '5000.00', held: '0.00', usdt: '0' },
        rateOpen: '88',
        netFlows: '1500.00',
      }),
    ).toMatchObject({ totalBalanceInr: '6500.00', todaysPnlInr: '0.00', todaysPnlPercent: '0.00' });
  });

  it('a sell’s spread and TDS show as today’s cost', () => {
    // open: 10 USDT at 87.70 = 877.00. Sold 10 at 86.20: gross 862.00, TDS 8.62, net 853.38.
    // now: 853.38 INR → PnL = 853.38 − 877.00 = −23.62; −23.62 / 877 × 100 = −2.6932… → −2.69
    expect(
      computeOverview({
        now: { inr: '853.38', held: '0', usdt: '0.00000000' },
        rateNow: '87.70',
        open: { inr: '0', held: '0', usdt: '10.00000000' },
        rateOpen: '87.70',
        netFlows: '0',
      }),
    ).toEqual({
      totalBalanceInr: '853.38',
      dayOpenValueInr: '877.00',
      todaysPnlInr: '-23.62',
      todaysPnlPercent: '-2.69',
    });
  });

  it('rounds once from exact values: holdings down, the change half up; 0% when the day opened at 0', () => {
    expect(
      computeOverview({
        now: { inr: '0.01', held: '0', usdt: '0.12345678' },
        rateNow: '87.123456',
        open: none,
        rateOpen: '87',
        netFlows: '10.00',
      }),
    ).toEqual({
      // 0.01 + 0.12345678 × 87.123456 = 0.01 + 10.75598134… = 10.76598134… → 10.76 (down)
      totalBalanceInr: '10.76',
      dayOpenValueInr: '0.00',
      // 10.76598… − 10.00 = 0.76598… → 0.77
      todaysPnlInr: '0.77',
      todaysPnlPercent: '0.00',
    });
  });
});
