import { describe, expect, it } from 'vitest';
import type { Candle } from '@sikka/contracts';
import { mergeTick } from './candles.ts';

const MIN = 60_000;
const candle = (time: number, close: number): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 10,
});

describe('mergeTick', () => {
  const candles = [candle(600, 100), candle(660, 101)];

  it('moves the last candle with a price in its interval', () => {
    const next = mergeTick(candles, 103, 690 * 1000, MIN);
    expect(next).toHaveLength(2);
    expect(next[1]).toEqual({ time: 660, open: 101, high: 103, low: 101, close: 103, volume: 10 });
    expect(mergeTick(next, 99, 700 * 1000, MIN)[1]).toMatchObject({
      high: 103,
      low: 99,
      close: 99,
    });
  });

  it('starts a new candle at the previous close when the interval rolls over', () => {
    const next = mergeTick(candles, 102, 725 * 1000, MIN);
    expect(next).toHaveLength(3);
    expect(next[2]).toEqual({ time: 720, open: 101, high: 102, low: 101, close: 102, volume: 0 });
  });

  it('returns the same array when nothing changes or the price is older or unusable', () => {
    expect(mergeTick(candles, 101, 665 * 1000, MIN)).toBe(candles);
    expect(mergeTick(candles, 150, 500 * 1000, MIN)).toBe(candles);
    expect(mergeTick(candles, Number.NaN, 665 * 1000, MIN)).toBe(candles);
    expect(mergeTick([], 100, 665 * 1000, MIN)).toEqual([]);
  });

  it('works in hours too', () => {
    const hourly = [candle(3600, 50)];
    expect(mergeTick(hourly, 51, 7300 * 1000, 3_600_000)[1]!.time).toBe(7200);
  });
});
