import type { Candle } from '@sikka/contracts';

/**
 * Folds a live price into the candles between refetches: the candle of `atMs`'s interval
 * gets the price as its close (and high/low if exceeded); a new interval starts a candle that
 * opens at the previous close. Volume is not known from a price and stays as it is (0 for a
 * new candle) until the server's candles are read again. Returns the same array when nothing
 * changes, so a chart can skip redrawing.
 */
export function mergeTick(
  candles: readonly Candle[],
  price: number,
  atMs: number,
  intervalMs: number,
): readonly Candle[] {
  if (!Number.isFinite(price) || price <= 0 || candles.length === 0) return candles;
  const last = candles[candles.length - 1]!;
  const bucket = Math.floor(atMs / intervalMs) * (intervalMs / 1000);
  if (bucket < last.time) return candles; // an old price: the server's candles are newer
  if (bucket === last.time) {
    if (last.close === price && last.high >= price && last.low <= price) return candles;
    return [
      ...candles.slice(0, -1),
      { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) },
    ];
  }
  return [
    ...candles,
    {
      time: bucket,
      open: last.close,
      high: Math.max(last.close, price),
      low: Math.min(last.close, price),
      close: price,
      volume: 0,
    },
  ];
}
