import { describe, expect, it } from 'vitest';
import {
  changeColorClass,
  changeDirection,
  formatCompact,
  formatInr,
  formatPercent,
  formatPrice,
  formatUsdt,
  formatUsdtRecord,
} from './format.ts';
import { formatDate } from './format-date.ts';

describe('formatUsdt', () => {
  it('keeps every place the ledger has, at least 2, with Indian grouping', () => {
    expect(formatUsdt('4.00000000')).toBe('4.00 USDT');
    expect(formatUsdt('1.23456789')).toBe('1.23456789 USDT');
    expect(formatUsdt('123456.5')).toBe('1,23,456.50 USDT');
    // Beyond a double's 17 digits, still exact: the string is formatted, not a float.
    expect(formatUsdt('98765432109.12345678')).toBe('98,76,54,32,109.12345678 USDT');
    expect(formatUsdt('garbage')).toBe('N/A');
    expect(formatUsdt(null)).toBe('N/A');
  });
});

describe('formatUsdtRecord', () => {
  it('shows a trade record to all 8 places, grouped, exact', () => {
    expect(formatUsdtRecord('11.0926234')).toBe('11.09262340 USDT');
    expect(formatUsdtRecord('1.25000000')).toBe('1.25000000 USDT');
    expect(formatUsdtRecord('123456.5', { unit: false })).toBe('1,23,456.50000000');
    expect(formatUsdtRecord('98765432109.12345678')).toBe('98,76,54,32,109.12345678 USDT');
    expect(formatUsdtRecord('x')).toBe('N/A');
  });
});

describe('formatInr', () => {
  it('uses Indian grouping with exactly 2 decimals', () => {
    expect(formatInr(1234567.891)).toBe('₹12,34,567.89');
    expect(formatInr(5)).toBe('₹5.00');
    expect(formatInr('1000000')).toBe('₹10,00,000.00');
    expect(formatInr('0.5')).toBe('₹0.50');
    expect(formatInr(-42.1)).toBe('-₹42.10');
  });

  it("says 'N/A' for anything that is not a number", () => {
    for (const v of [Number.NaN, Infinity, null, undefined, '', 'abc', '1e5', '12,00']) {
      expect(formatInr(v)).toBe('N/A');
    }
  });

  it('formats decimal strings without a float round trip', () => {
    expect(formatInr('12345678901234567.89')).toBe('₹12,34,56,78,90,12,34,567.89');
  });
});

describe('formatPrice', () => {
  it('is formatInr from ₹1 up', () => {
    expect(formatPrice(9842310)).toBe('₹98,42,310.00');
    expect(formatPrice(88.155)).toBe(formatInr(88.155));
    expect(formatPrice(1)).toBe('₹1.00');
  });
  it('keeps 4 significant digits below ₹1 so tiny prices are not ₹0.00', () => {
    expect(formatPrice(0.001063)).toBe('₹0.001063');
    expect(formatPrice(0.0008362)).toBe('₹0.0008362');
    expect(formatPrice(0.5)).toBe('₹0.50');
    expect(formatPrice(0)).toBe('₹0.00');
  });
  it("says 'N/A' for non-numbers", () => {
    expect(formatPrice(Number.NaN)).toBe('N/A');
    expect(formatPrice(undefined)).toBe('N/A');
  });
});

describe('formatCompact', () => {
  it('abbreviates K, M, B and T with 2 decimals', () => {
    expect(formatCompact(1_000)).toBe('1.00K');
    expect(formatCompact(1_234)).toBe('1.23K');
    expect(formatCompact(4_560_000)).toBe('4.56M');
    expect(formatCompact(920_000_000)).toBe('920.00M');
    expect(formatCompact(7_890_000_000)).toBe('7.89B');
    expect(formatCompact(1.5e12)).toBe('1.50T');
    expect(formatCompact(2.5e15)).toBe('2500.00T');
  });
  it('keeps small numbers plain with 2 decimals', () => {
    expect(formatCompact(999)).toBe('999.00');
    expect(formatCompact(0)).toBe('0.00');
    expect(formatCompact(12.345)).toBe('12.35');
  });
  it('moves up a step when rounding reaches 1000', () => {
    expect(formatCompact(999_995)).toBe('1.00M');
    expect(formatCompact(999.999)).toBe('1.00K');
  });
  it('keeps the sign of negatives', () => {
    expect(formatCompact(-2_500_000)).toBe('-2.50M');
  });
  it("says 'N/A' for non-numbers", () => {
    expect(formatCompact(Number.NaN)).toBe('N/A');
    expect(formatCompact(null)).toBe('N/A');
  });
});

describe('formatPercent and its colour', () => {
  it("has 2 decimals and '+' only when positive", () => {
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(-3.456)).toBe('-3.46%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatPercent(undefined)).toBe('N/A');
  });
  it('is green when positive, red when negative, grey when zero or missing', () => {
    expect(changeColorClass(2.5)).toBe('text-up');
    expect(changeColorClass(-0.01)).toBe('text-down');
    expect(changeColorClass(0)).toBe('text-muted');
    expect(changeColorClass(0.004)).toBe('text-muted');
    expect(changeColorClass(null)).toBe('text-muted');
    expect(changeColorClass(Number.NaN)).toBe('text-muted');
    expect(changeDirection(-7)).toBe('down');
  });
});

describe('formatDate', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  it("is relative under 24 hours ('... ago')", () => {
    expect(formatDate(new Date('2025-03-10T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(formatDate('2025-03-10T09:00:00Z', now)).toBe('about 3 hours ago');
    expect(formatDate('2025-03-09T12:00:01Z', now)).toBe('1 day ago');
  });
  it("is 'MMM d, yyyy' from 24 hours on", () => {
    expect(formatDate('2025-03-09T12:00:00Z', now)).toBe('Mar 9, 2025');
    expect(formatDate('2024-04-27T08:00:00Z', now)).toBe('Apr 27, 2024');
  });
  it('treats a time slightly in the future as now', () => {
    expect(formatDate('2025-03-10T12:00:30Z', now)).toBe('less than a minute ago');
  });
  it("says 'N/A' for missing or invalid dates", () => {
    expect(formatDate(null, now)).toBe('N/A');
    expect(formatDate('not a date', now)).toBe('N/A');
  });
});
