import { SpotOrderBook } from '../../test/support/server.ts';

/**
 * A deterministic, recorded stream of order-book commands for the spot engine bench: the same
 * seed gives the same stream, so two engines fed it do the same work. Integers only: prices
 * in ticks, quantities in lots.
 */

export const CMD_LIMIT = 0;
export const CMD_MARKET = 1;
export const CMD_CANCEL = 2;

export const SIDE_BUY = 0;
export const SIDE_SELL = 1;

export const TIF_GTC = 0;
export const TIF_IOC = 1;
export const TIF_FOK = 2;

export interface OrderStream {
  length: number;
  /** CMD_LIMIT, CMD_MARKET or CMD_CANCEL. */
  kind: Uint8Array;
  /** SIDE_BUY or SIDE_SELL (unused for cancels). */
  side: Uint8Array;
  /** Limit price in ticks (0 for market orders and cancels). */
  price: Uint32Array;
  /** Lots (0 for cancels). */
  lots: Uint32Array;
  /** TIF_GTC, TIF_IOC or TIF_FOK (market orders: IOC). */
  tif: Uint8Array;
  /** 1: post-only limit order. */
  postOnly: Uint8Array;
  /** A new order's id, or the id a cancel names. */
  id: string[];
  /** Index into `owners`. */
  owner: Uint16Array;
  owners: string[];
}

/** mulberry32: a tiny, fast, seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface StreamOptions {
  commands: number;
  seed?: number;
  /** Accounts; the first half only buys, the second half only sells (see below). */
  owners?: number;
}

/**
 * ~70% limit orders priced around a mid that drifts by random walk (a tenth of them priced
 * through the mid, so they cross; the rest spread over 30 ticks behind it, so they rest),
 * ~10% market orders, ~20% cancels of a random order resting at that moment. To know which
 * orders rest, the generator plays the stream through the engine as it writes it (the
 * recording is then fed to every engine alike, and the bench checks that they end with the
 * same book). Buyers and sellers are disjoint accounts, so no order ever meets its own owner:
 * self-trade prevention never fires and engines with different STP rules match identically.
 */
export function generateOrderStream(options: StreamOptions): OrderStream {
  const n = options.commands;
  const random = mulberry32(options.seed ?? 0x5eed);
  const ownerCount = options.owners ?? 1000;
  const half = ownerCount >> 1;
  const owners = Array.from({ length: ownerCount }, (_, i) => `acct-${i}`);
  const s: OrderStream = {
    length: n,
    kind: new Uint8Array(n),
    side: new Uint8Array(n),
    price: new Uint32Array(n),
    lots: new Uint32Array(n),
    tif: new Uint8Array(n),
    postOnly: new Uint8Array(n),
    id: new Array<string>(n),
    owner: new Uint16Array(n),
    owners,
  };
  // Ids resting right now, and where each sits in `live` (swap-remove in O(1)).
  const live: string[] = [];
  const slot = new Map<string, number>();
  const drop = (id: string) => {
    const at = slot.get(id)!;
    const last = live.pop()!;
    slot.delete(id);
    if (last !== id) {
      live[at] = last;
      slot.set(last, at);
    }
  };
  const book = new SpotOrderBook();
  const TIF = ['GTC', 'IOC', 'FOK'] as const;
  let mid = 100_000;
  let next = 0;
  for (let i = 0; i < n; i++) {
    if (random() < 0.05) mid += random() < 0.5 ? -1 : 1;
    const r = random();
    if (r < 0.2 && live.length > 0) {
      const id = live[Math.floor(random() * live.length)]!;
      s.kind[i] = CMD_CANCEL;
      s.id[i] = id;
      drop(id);
      book.cancel(id);
      continue;
    }
    const buy = random() < 0.5;
    s.side[i] = buy ? SIDE_BUY : SIDE_SELL;
    s.owner[i] = (buy ? 0 : half) + Math.floor(random() * half);
    // `${}` of a counter gives a flat string: both engines hash the same ids.
    s.id[i] = `o${next++}`;
    const u = random();
    if (r < 0.3) {
      s.kind[i] = CMD_MARKET;
      s.tif[i] = TIF_IOC;
      s.lots[i] = 1 + Math.floor(u * u * 40);
    } else {
      s.kind[i] = CMD_LIMIT;
      s.lots[i] = 1 + Math.floor(u * u * 100);
      // Ticks behind the mid: −3..−1 crosses the other side's typical best, 0..30 rests.
      const behind = Math.floor(random() * 34) - 3;
      s.price[i] = buy ? mid - behind : mid + behind;
      const t = random();
      if (t < 0.1) s.tif[i] = TIF_IOC;
      else if (t < 0.15) s.tif[i] = TIF_FOK;
      else {
        s.tif[i] = TIF_GTC;
        if (t > 0.95) s.postOnly[i] = 1;
      }
    }
    const result = book.place({
      id: s.id[i]!,
      owner: owners[s.owner[i]!]!,
      side: buy ? 'buy' : 'sell',
      type: s.kind[i] === CMD_LIMIT ? 'limit' : 'market',
      priceTicks: s.price[i]!,
      lots: s.lots[i]!,
      tif: TIF[s.tif[i]!]!,
      postOnly: s.postOnly[i] === 1,
      stp: 'cancel_taker',
    });
    for (const f of result.fills) if (f.makerRemaining === 0) drop(f.makerId);
    if (result.status === 'open') {
      slot.set(s.id[i]!, live.length);
      live.push(s.id[i]!);
    }
  }
  return s;
}
