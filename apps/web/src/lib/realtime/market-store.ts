import { applyCoinTick, type Coin, type CoinTick, type MarketSource } from '@sikka/contracts';

/** The crypto state of PRODUCT.md §4 "Coin data", plus where the prices come from. */
export interface MarketState {
  /** The last good list, in the server's order. */
  coins: readonly Coin[];
  /** True until the first result arrives, success or failure. */
  loading: boolean;
  /** The ticker error of the last attempt; null after a success. */
  error: string | null;
  source: MarketSource;
  /** ISO time of the last successful refresh; null before the first one. */
  updatedAt: string | null;
}

/** A full list: a socket snapshot or the REST answer. */
export interface MarketSnapshot {
  coins: readonly Coin[];
  source: MarketSource;
  updatedAt: string | null;
  error: string | null;
}

/** Only what one tick changed (the socket's 'tickers' message; see its schema). */
export interface MarketDelta {
  /** Coins of the list whose live fields moved, compact. */
  c: readonly CoinTick[];
  /** Coins sent whole: new ones are appended, known ones replaced. */
  coins?: readonly Coin[];
  removed?: readonly string[];
  updatedAt: string | null;
  error: string | null;
}

export const INITIAL_MARKET_STATE: MarketState = {
  coins: [],
  loading: true,
  error: null,
  source: 'simulated',
  updatedAt: null,
};

const COIN_KEYS = [
  'id',
  'name',
  'symbol',
  'price',
  'market_cap',
  'volume',
  'price_change_percentage_24h',
  'image',
  'high_24h',
  'low_24h',
] as const satisfies ReadonlyArray<keyof Coin>;

export function sameCoin(a: Coin, b: Coin): boolean {
  return COIN_KEYS.every((k) => a[k] === b[k]);
}

const time = (iso: string | null) => (iso === null ? -Infinity : Date.parse(iso));

/**
 * Holds the market state for useSyncExternalStore. The invariant that keeps the tables cheap:
 * a coin whose values did not change keeps its object, so memoised rows compare equal and skip
 * rendering; a change that changes nothing keeps the whole state object.
 */
export class MarketStore {
  private state: MarketState = INITIAL_MARKET_STATE;
  private readonly listeners = new Set<() => void>();

  getState = (): MarketState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * A full list replaces the current one (unchanged coins keep their objects). A list older
   * than the one shown (a slow REST answer overtaken by the socket) is ignored.
   */
  applySnapshot(snapshot: MarketSnapshot): void {
    if (time(snapshot.updatedAt) < time(this.state.updatedAt)) return;
    const previous = new Map(this.state.coins.map((c) => [c.id, c]));
    let changed = previous.size !== snapshot.coins.length;
    const coins = snapshot.coins.map((c, i) => {
      const before = previous.get(c.id);
      if (before && sameCoin(before, c)) {
        if (this.state.coins[i] !== before) changed = true; // reordered
        return before;
      }
      changed = true;
      return c;
    });
    this.set({
      coins: changed ? coins : this.state.coins,
      loading: false,
      error: snapshot.error,
      source: snapshot.source,
      updatedAt: snapshot.updatedAt,
    });
  }

  /**
   * Only what changed: ticks merged into their coins, whole coins replaced or appended,
   * removed ones dropped. Returns false, changing nothing, when a tick names a coin this list
   * does not have: the list is out of step with the server's and the caller should ask for a
   * snapshot (`resync`) rather than show half a coin.
   */
  applyDelta(delta: MarketDelta): boolean {
    const current = this.state.coins;
    const whole = delta.coins ?? [];
    const removed = new Set(delta.removed ?? []);
    let coins = current;
    if (delta.c.length > 0 || whole.length > 0 || removed.size > 0) {
      const index = new Map<string, number>();
      current.forEach((c, i) => index.set(c.id, i));
      const next = current.slice();
      let changed = false;
      for (const tick of delta.c) {
        const i = index.get(tick[0]);
        if (i === undefined) return false;
        const updated = applyCoinTick(next[i]!, tick);
        if (updated !== next[i]) {
          next[i] = updated;
          changed = true;
        }
      }
      const added: Coin[] = [];
      for (const c of whole) {
        const i = index.get(c.id);
        if (i === undefined) {
          added.push(c);
          changed = true;
        } else if (!sameCoin(next[i]!, c)) {
          next[i] = c;
          changed = true;
        }
      }
      let list = next;
      if (removed.size > 0) {
        list = next.filter((c) => !removed.has(c.id));
        if (list.length !== next.length) changed = true;
      }
      if (changed) coins = added.length > 0 ? list.concat(added) : list;
    }
    this.set({
      ...this.state,
      coins,
      loading: false,
      error: delta.error,
      updatedAt: delta.updatedAt ?? this.state.updatedAt,
    });
    return true;
  }

  /** A failed fetch: the error is shown, the previous list stays. */
  fail(message: string): void {
    this.set({ ...this.state, loading: false, error: message });
  }

  private set(next: MarketState): void {
    const s = this.state;
    if (
      s.coins === next.coins &&
      s.loading === next.loading &&
      s.error === next.error &&
      s.source === next.source &&
      s.updatedAt === next.updatedAt
    ) {
      return;
    }
    if (next.error !== null && next.error !== s.error) console.error(`Market data: ${next.error}`);
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
