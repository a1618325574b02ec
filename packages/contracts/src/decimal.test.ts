import { describe, expect, it } from 'vitest';
// The web app's names for these operations, kept here so the assertions read as before.
import {
  addDecimal as add,
  compareDecimal as compare,
  divideDecimal as divide,
  decimalFromNumber as fromNumber,
  isDecimalInput as isDecimal,
  isPositiveDecimal as isPositive,
  multiplyDecimal as multiply,
  percentOf,
  roundDecimal as round,
  sanitizeAmountInput,
  subtractDecimal as subtract,
  decimalToUnits as toUnits,
  trimDecimal,
} from './decimal.ts';

describe('trimDecimal', () => {
  it('drops trailing zeros of the fraction only, never of the whole part', () => {
    expect(trimDecimal('10.000000')).toBe('10');
    expect(trimDecimal('0.00050000')).toBe('0.0005');
    expect(trimDecimal('100')).toBe('100');
    expect(trimDecimal('100.10')).toBe('100.1');
  });
});

describe('decimal previews', () => {
  it('adds without float drift: 0.1 + 0.2 is 0.3', () => {
    expect(add('0.1', '0.2', 2)).toBe('0.30');
    expect(add('0.1', '0.2', 1)).toBe('0.3');
    expect(subtract('0.3', '0.1', 8)).toBe('0.20000000');
  });

  it('turns ₹1000.00 at 89.70 into USDT to 8 places', () => {
    // 1000 / 89.7 = 11.148272017837...
    expect(divide('1000.00', '89.70', 8)).toBe('11.14827202');
    expect(divide('1000.00', '89.70', 8, 'down')).toBe('11.14827201');
    expect(divide('1000.00', '89.70', 2)).toBe('11.15');
  });

  it('turns USDT × rate into INR to 2 places, half up like PostgreSQL round()', () => {
    expect(multiply('11.14827201', '89.70', 2)).toBe('1000.00');
    expect(multiply('0.00000001', '86.20', 2)).toBe('0.00');
    expect(multiply('1.005', '1', 2)).toBe('1.01');
    expect(multiply('2.675', '1', 2)).toBe('2.68'); // a float would give 2.67
    expect(multiply('10', '84.2', 2)).toBe('842.00');
    expect(multiply('-1.005', '1', 2)).toBe('-1.01');
  });

  it('a floored USDT amount never costs more than the INR it came from', () => {
    for (const [inr, rate] of [
      ['1000.00', '89.70'],
      ['99999.99', '91.37'],
      ['0.01', '89.71'],
      ['12345.67', '88.03'],
    ] as const) {
      const usdt = divide(inr, rate, 8, 'down');
      expect(compare(multiply(usdt, rate, 2), inr)).toBeLessThanOrEqual(0);
    }
  });

  it('divides by zero loudly', () => {
    expect(() => divide('1', '0.00', 2)).toThrow(RangeError);
  });

  it('rounds and truncates', () => {
    expect(round('12.345', 2)).toBe('12.35');
    expect(round('12.345', 2, 'down')).toBe('12.34');
    expect(round('12.341', 2, 'up')).toBe('12.35');
    expect(round('12.34', 2, 'up')).toBe('12.34');
    expect(round('-12.341', 2, 'up')).toBe('-12.35');
    expect(divide('1000', '86.20', 8, 'up')).toBe('11.60092808');
    expect(round('12', 8)).toBe('12.00000000');
    expect(round('12.', 2)).toBe('12.00');
    expect(round('.5', 0)).toBe('1');
    expect(toUnits('1.5', 2)).toBe(150n);
  });

  it('compares exactly across scales', () => {
    expect(compare('100', '100.00')).toBe(0);
    expect(compare('100.01', '100')).toBe(1);
    expect(compare('0.00000001', '0')).toBe(1);
    expect(compare('99999999999999999999.99', '99999999999999999999.98')).toBe(1);
  });

  it('takes a share of a balance, rounded down and clamped to 0–100 %', () => {
    expect(percentOf('1000.00', 25, 2)).toBe('250.00');
    expect(percentOf('10.00', 33, 2)).toBe('3.30');
    expect(percentOf('0.33333333', 50, 8)).toBe('0.16666666');
    expect(percentOf('1000.00', 150, 2)).toBe('1000.00');
    expect(percentOf('1000.00', -5, 2)).toBe('0.00');
    expect(percentOf('11.14827202', 100, 8)).toBe('11.14827202');
  });

  it('reads display numbers', () => {
    expect(fromNumber(87.7, 2)).toBe('87.70');
    expect(fromNumber(0.1 + 0.2, 2)).toBe('0.30');
    expect(fromNumber(Number.NaN, 2)).toBeNull();
  });

  it('knows what a decimal is', () => {
    expect(isDecimal('12.50')).toBe(true);
    expect(isDecimal('12.')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal('')).toBe(false);
    expect(isDecimal('.')).toBe(false);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('abc')).toBe(false);
  });

  it('keeps only what an amount box may hold', () => {
    expect(sanitizeAmountInput('1,000.505', 2)).toBe('1000.50');
    expect(sanitizeAmountInput('12.', 2)).toBe('12.');
    expect(sanitizeAmountInput('1.2.3', 8)).toBe('1.23');
    expect(sanitizeAmountInput('abc', 2)).toBe('');
    expect(sanitizeAmountInput('-5', 2)).toBe('5');
    expect(sanitizeAmountInput('7.9', 0)).toBe('7');
  });
});
