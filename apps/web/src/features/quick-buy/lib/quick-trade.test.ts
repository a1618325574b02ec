import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareDecimal,
  exactTradeValue,
  messages,
  quickPrices,
  sellProceeds,
  TRADE_MAX_TOTAL_INR,
  TRADE_MIN_TOTAL_INR,
  tradeTotal,
  unitsToDecimal,
} from '@sikka/contracts';
import {
  percentForSpend,
  quickOrder,
  rateLabel,
  spendForPercent,
  tdsPercentLabel,
  validateQuickTrade,
  type AmountField,
  type QuickOrder,
} from './quick-trade.ts';

const balances = { inr: '1000.00', usdt: '5.12345678' };

describe('quick trade prices', () => {
  it('are contracts quickPrices: buy rounds the rate up to paise + 2, sell down − 1.5', () => {
    expect(quickPrices('87.7')).toMatchObject({ buy: '89.70', sell: '86.20' });
    expect(quickPrices('88.451')).toMatchObject({ buy: '90.46', sell: '86.95' });
  });
});

describe('linked amount boxes', () => {
  it('buy by INR: USDT shown to 2 places, sent to 8 rounded down; never above the INR typed', () => {
    expect(quickOrder('buy', 'spend', '1000', '89.70')).toEqual({
      spend: '1000',
      receive: '11.15',
      usdtAmount: '11.14827201',
      inrTotal: '1000.00',
      tds: null,
      net: null,
    });
    // 100 / 89.71 = 1.11470293…: 1.11470292 USDT cost ₹99.9999989…, rounded up to ₹100.00.
    expect(quickOrder('buy', 'spend', '100', '89.71').inrTotal).toBe('100.00');
  });

  it('buy by USDT: INR is USDT × price rounded up to the paisa, as the server charges', () => {
    expect(quickOrder('buy', 'receive', '10', '89.70')).toEqual({
      spend: '897.00',
      receive: '10',
      usdtAmount: '10.00000000',
      inrTotal: '897.00',
      tds: null,
      net: null,
    });
    // 0.125 × 89.70 = 11.2125: the buyer pays ₹11.22, not the half-up ₹11.21.
    expect(quickOrder('buy', 'receive', '0.125', '89.70').spend).toBe('11.22');
  });

  it('sell by USDT rounds what the seller gets down; sell by INR never gives less than asked', () => {
    // With TDS off, the seller receives the gross.
    expect(quickOrder('sell', 'spend', '2.5', '86.20', '0')).toEqual({
      spend: '2.5',
      receive: '215.50',
      usdtAmount: '2.50000000',
      inrTotal: '215.50',
      tds: '0.00',
      net: '215.50',
    });
    // 0.125 × 86.20 = 10.775: the seller gets ₹10.77.
    expect(quickOrder('sell', 'spend', '0.125', '86.20', '0').receive).toBe('10.77');
    const byInr = quickOrder('sell', 'receive', '1000', '86.20', '0');
    expect(byInr.spend).toBe('11.60');
    expect(byInr.usdtAmount).toBe('11.60092808');
    expect(byInr.inrTotal).toBe('1000.00');
  });

  it('a sell shows the gross, the 1% TDS rounded up and the net the seller receives', () => {
    // 2.5 × 86.20 = ₹215.50 gross; TDS 2.155 → ₹2.16 withheld; ₹213.34 reaches the seller.
    expect(quickOrder('sell', 'spend', '2.5', '86.20', '0.01')).toEqual({
      spend: '2.5',
      receive: '213.34',
      usdtAmount: '2.50000000',
      inrTotal: '215.50',
      tds: '2.16',
      net: '213.34',
    });
    // Asking to receive ₹1,000 after TDS sells enough for a net of at least ₹1,000.
    const byInr = quickOrder('sell', 'receive', '1000', '86.20', '0.01');
    expect(compareDecimal(byInr.net ?? '0', '1000')).toBeGreaterThanOrEqual(0);
    expect(byInr.net).toBe(sellProceeds(byInr.usdtAmount ?? '0', '86.20', '0.01').net);
    expect(tdsPercentLabel('0.01')).toBe('1%');
    expect(tdsPercentLabel('0.005')).toBe('0.5%');
  });

  it('an empty or half-typed box leaves the other empty', () => {
    expect(quickOrder('buy', 'spend', '', '89.70')).toMatchObject({
      receive: '',
      usdtAmount: null,
    });
    expect(quickOrder('buy', 'spend', '.', '89.70')).toMatchObject({
      receive: '',
      usdtAmount: null,
    });
    expect(quickOrder('sell', 'receive', '0', '86.20')).toMatchObject({
      spend: '',
      usdtAmount: null,
    });
  });
});

/** The box that holds USDT on each side: typing there fixes the amount sent exactly. */
const usdtBox = (side: 'buy' | 'sell'): AmountField => (side === 'buy' ? 'receive' : 'spend');

describe('the preview total is what the server charges or pays', () => {
  // [side, USDT, price, total]: the dust examples first.
  const cases: Array<[side: 'buy' | 'sell', usdt: string, price: string, total: string]> = [
    ['buy', '0.01', '1.45', '0.02'], // exact ₹0.0145 → the buyer pays ₹0.02
    ['sell', '0.00501', '1.00', '0.00'], // exact ₹0.00501 → the seller gets ₹0.00
    ['buy', '0.00016167', '89.70', '0.02'], // exact ₹0.014501…
    ['sell', '0.00005812', '86.20', '0.00'], // exact ₹0.0050099…
    ['buy', '1', '89.70', '89.70'],
    ['sell', '1', '86.20', '86.20'],
    ['buy', '0.11148272', '89.70', '10.00'], // ₹9.999999… rounds up to the minimum
    ['sell', '0.11600929', '86.20', '10.00'], // ₹10.000000… rounds down to the minimum
    ['buy', '11148.27201783', '89.70', '1000000.00'],
    ['sell', '12345.67890123', '86.20', '1064197.52'],
  ];
  it.each(cases)('%s %s USDT at ₹%s → ₹%s', (side, usdt, price, total) => {
    const order = quickOrder(side, usdtBox(side), usdt, price);
    expect(order.inrTotal).toBe(total);
    expect(order.inrTotal).toBe(tradeTotal(side, order.usdtAmount ?? '', price));
  });

  /** A decimal string with up to `places` places from an integer count of units. */
  const decimal = (units: bigint, places: number) => unitsToDecimal(units, places);
  const rateArb = fc.bigInt(20_000n, 1_000_000_000n).map((u) => decimal(u, 4)); // ₹2–₹1,00,000
  const usdtArb = fc.bigInt(1n, 10n ** 14n).map((u) => decimal(u, 8)); // up to 10,00,000 USDT
  const inrArb = fc.bigInt(1n, 10n ** 10n).map((u) => decimal(u, 2)); // up to ₹10 crore

  it('rounds in the house’s favour: buys never below the exact value, sells never above', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        usdtArb,
        rateArb,
        (side, usdt, rate) => {
          const price = side === 'buy' ? quickPrices(rate).buy : quickPrices(rate).sell;
          fc.pre(compareDecimal(price, '0') > 0);
          const order = quickOrder(side, usdtBox(side), usdt, price);
          const total = order.inrTotal ?? '';
          const exact = exactTradeValue(order.usdtAmount ?? '', price);
          expect(total).toBe(tradeTotal(side, usdt, price));
          if (side === 'buy') expect(compareDecimal(total, exact)).toBeGreaterThanOrEqual(0);
          else expect(compareDecimal(total, exact)).toBeLessThanOrEqual(0);
        },
      ),
    );
  });

  it('typed INR: a buyer never pays more than typed, a seller never gets less than asked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        inrArb,
        rateArb,
        (side, inr, rate) => {
          const price = side === 'buy' ? quickPrices(rate).buy : quickPrices(rate).sell;
          fc.pre(compareDecimal(price, '0') > 0);
          const order = quickOrder(side, side === 'buy' ? 'spend' : 'receive', inr, price);
          const total = order.inrTotal ?? '';
          expect(total).toBe(tradeTotal(side, order.usdtAmount ?? '', price));
          if (side === 'buy') expect(compareDecimal(total, inr)).toBeLessThanOrEqual(0);
          else expect(compareDecimal(total, inr)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('percentage slider', () => {
  it('fills the spend box with that share of the INR or USDT balance, rounded down', () => {
    expect(spendForPercent('buy', 25, balances)).toBe('250.00');
    expect(spendForPercent('sell', 100, balances)).toBe('5.12345678');
    expect(spendForPercent('sell', 50, balances)).toBe('2.56172839');
    expect(spendForPercent('buy', 0, balances)).toBe('');
    expect(spendForPercent('buy', 150, balances)).toBe('1000.00');
    expect(spendForPercent('buy', 50, { inr: '0.00', usdt: '0' })).toBe('');
  });

  it('follows a typed amount, clamped to 100', () => {
    expect(percentForSpend('buy', '250', balances)).toBe(25);
    expect(percentForSpend('buy', '5000', balances)).toBe(100);
    expect(percentForSpend('buy', '', balances)).toBe(0);
    expect(percentForSpend('sell', '1', { inr: '0', usdt: '0' })).toBe(0);
  });
});

describe('quick trade messages', () => {
  const order = (side: 'buy' | 'sell', driver: 'spend' | 'receive', text: string): QuickOrder =>
    quickOrder(side, driver, text, side === 'buy' ? '89.70' : '86.20');

  it('asks a guest to log in first', () => {
    expect(
      validateQuickTrade({
        signedIn: false,
        side: 'buy',
        order: order('buy', 'spend', '100'),
        balances,
      }),
    ).toBe('Please login to trade');
  });

  it('asks for an amount while either box is empty', () => {
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'buy',
        order: order('buy', 'spend', ''),
        balances,
      }),
    ).toBe(messages.quickBuy.enterAmount);
    expect(messages.quickBuy.enterAmount).toBe('Please enter amount');
  });

  it('refuses totals below ₹10 or above ₹10,00,000, before the balances', () => {
    expect(TRADE_MIN_TOTAL_INR).toBe('10');
    expect(TRADE_MAX_TOTAL_INR).toBe('1000000');
    const check = (side: 'buy' | 'sell', usdt: string, inr = '0.00', usdtBalance = '0') =>
      validateQuickTrade({
        signedIn: true,
        side,
        order: quickOrder(side, usdtBox(side), usdt, side === 'buy' ? '89.70' : '86.20'),
        balances: { inr, usdt: usdtBalance },
      });
    const min = 'The trade total must be at least ₹10.00';
    const max = 'The trade total can be at most ₹10,00,000.00 per trade';
    expect(messages.trades.totalMin('10.00')).toBe(min);
    expect(messages.trades.totalMax('10,00,000.00')).toBe(max);
    // ₹9.99 is under the minimum even with no balance at all: the minimum is said first.
    expect(check('buy', '0.11137123')).toBe(min);
    expect(check('buy', '0.11148272', '10.00')).toBeNull(); // ₹10.00 exactly, after rounding up
    expect(check('sell', '0.11600928', '0', '1')).toBe(min); // ₹9.99999993 → ₹9.99
    expect(check('sell', '0.11600929', '0', '1')).toBeNull();
    expect(check('buy', '11148.27201784', '2000000')).toBe(max);
    expect(check('buy', '11148.27201783', '2000000')).toBeNull();
  });

  it('refuses a buy above the INR balance, to the paisa', () => {
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'buy',
        order: order('buy', 'spend', '1000.01'),
        balances,
      }),
    ).toBe('Insufficient INR balance');
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'buy',
        order: order('buy', 'spend', '1000.00'),
        balances,
      }),
    ).toBeNull();
  });

  it('refuses a sell above the USDT balance, naming the balance to 2 places', () => {
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'sell',
        order: order('sell', 'spend', '5.12345679'),
        balances,
      }),
    ).toBe('Insufficient USDT balance. Available: 5.12 USDT');
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'sell',
        order: order('sell', 'spend', '5.12345678'),
        balances,
      }),
    ).toBeNull();
  });
});

describe('the rate badge', () => {
  it('says "Simulated prices" on the simulated market, "Live rate" only on the upstream feed', () => {
    expect(rateLabel(true, 'simulated').text).toBe('Simulated prices');
    expect(rateLabel(true, 'upstream').text).toBe('Live rate');
    expect(rateLabel(false, 'simulated').text).toBe('Standard rate');
    expect(rateLabel(false, 'upstream').text).toBe('Standard rate');
  });
});
