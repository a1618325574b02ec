import { TOP_LIST_SIZE, type Coin } from '@sikka/contracts';
import { displayName } from './coin-display.ts';

export type SortKey = 'name' | 'price' | 'change' | 'volume' | 'marketCap';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** PRODUCT.md §2: the market table starts at volume, descending. */
export const DEFAULT_SORT: SortState = { key: 'volume', direction: 'desc' };

/** Clicking the sorted column toggles its direction; another column starts at its natural one. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

const numeric: Record<Exclude<SortKey, 'name'>, (c: Coin) => number> = {
  price: (c) => c.price,
  change: (c) => c.price_change_percentage_24h,
  volume: (c) => c.volume,
  marketCap: (c) => c.market_cap,
};

const byName = (a: Coin, b: Coin) =>
  displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base' }) ||
  a.id.localeCompare(b.id);

/**
 * A sorted copy. Ties (market cap is always 0) fall back to volume, descending, then id, so
 * the order is stable from one tick to the next and rows do not jump around.
 */
export function sortCoins(coins: readonly Coin[], sort: SortState): Coin[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const primary =
    sort.key === 'name'
      ? byName
      : (a: Coin, b: Coin) =>
          numeric[sort.key as Exclude<SortKey, 'name'>](a) -
          numeric[sort.key as Exclude<SortKey, 'name'>](b);
  return [...coins].sort(
    (a, b) => sign * primary(a, b) || b.volume - a.volume || a.id.localeCompare(b.id),
  );
}

/** The five coins that rose most over 24 h (PRODUCT.md §9: lists of five). */
export function topGainers(coins: readonly Coin[], size = TOP_LIST_SIZE): Coin[] {
  return sortCoins(coins, { key: 'change', direction: 'desc' }).slice(0, size);
}

/** The five coins that fell most over 24 h. */
export function topLosers(coins: readonly Coin[], size = TOP_LIST_SIZE): Coin[] {
  return sortCoins(coins, { key: 'change', direction: 'asc' }).slice(0, size);
}
