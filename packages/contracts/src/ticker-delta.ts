import type { Coin } from './market.ts';
import type { CoinTick } from './realtime.ts';

/**
 * The compact ticker delta of the realtime socket (realtime.ts, `tickers`): how the server
 * builds it from two lists and how a client applies one coin's tick. Kept free of zod (types
 * only) so the web app's start-up bundle can use it.
 */

/** What one poll changed between the previous list and the new one. */
export interface CoinListDiff {
  /** Every coin of the new list that is new or whose values changed, whole. */
  changed: Coin[];
  /** The changed coins that were already in the list and kept their static fields. */
  ticks: CoinTick[];
  /** Coins to send whole: new to the list (in list order), or whose static fields changed. */
  whole: Coin[];
  /** Ids that left the list. */
  removed: string[];
  /**
   * The new list is not the previous one minus `removed` with the new coins at the end, so a
   * delta cannot say where coins go: this poll must reach clients as a snapshot.
   */
  reordered: boolean;
}

const sameStatic = (a: Coin, b: Coin): boolean =>
  a.name === b.name &&
  a.symbol === b.symbol &&
  a.image === b.image &&
  a.market_cap === b.market_cap;

/**
 * The tick that turns `before` into `after` (same id, same static fields), or null when no
 * live value moved. The 24 h high and low ride along only when one of them moved.
 */
export function coinTick(before: Coin, after: Coin): CoinTick | null {
  const extremesMoved = before.high_24h !== after.high_24h || before.low_24h !== after.low_24h;
  if (
    !extremesMoved &&
    before.price === after.price &&
    before.price_change_percentage_24h === after.price_change_percentage_24h &&
    before.volume === after.volume
  ) {
    return null;
  }
  const { id, price, price_change_percentage_24h: change, volume } = after;
  return extremesMoved
    ? [id, price, change, volume, after.high_24h, after.low_24h]
    : [id, price, change, volume];
}

/** `coin` with a tick's fields; the same object when the tick changes nothing. */
export function applyCoinTick(coin: Coin, tick: CoinTick): Coin {
  const [, price, change, volume] = tick;
  const high = tick.length === 6 ? tick[4] : coin.high_24h;
  const low = tick.length === 6 ? tick[5] : coin.low_24h;
  if (
    coin.price === price &&
    coin.price_change_percentage_24h === change &&
    coin.volume === volume &&
    coin.high_24h === high &&
    coin.low_24h === low
  ) {
    return coin;
  }
  return {
    ...coin,
    price,
    price_change_percentage_24h: change,
    volume,
    high_24h: high,
    low_24h: low,
  };
}

/** What a `tickers` message must carry to turn `previous` into `next` (ids unique in each). */
export function diffCoins(previous: readonly Coin[], next: readonly Coin[]): CoinListDiff {
  const before = new Map<string, Coin>();
  for (const c of previous) before.set(c.id, c);
  const nextIds = new Set<string>();
  for (const c of next) nextIds.add(c.id);
  const removed: string[] = [];
  const kept: string[] = [];
  for (const c of previous) (nextIds.has(c.id) ? kept : removed).push(c.id);

  const changed: Coin[] = [];
  const ticks: CoinTick[] = [];
  const whole: Coin[] = [];
  // The coins that stayed must come first, in their old order; only new ones may follow.
  let reordered = false;
  next.forEach((c, i) => {
    const old = before.get(c.id);
    if (i < kept.length ? kept[i] !== c.id : old !== undefined) reordered = true;
    if (!old) {
      changed.push(c);
      whole.push(c);
    } else if (!sameStatic(old, c)) {
      changed.push(c);
      whole.push(c);
    } else {
      const tick = coinTick(old, c);
      if (tick) {
        changed.push(c);
        ticks.push(tick);
      }
    }
  });
  return { changed, ticks, whole, removed, reordered };
}
