import { useMemo, useSyncExternalStore } from 'react';
import { createWatchlistStore, type WatchlistStore } from './watchlist-store.ts';

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The page's one watchlist, created on first use (the list is loaded at start). */
let store: WatchlistStore | null = null;
export const getStore = () => (store ??= createWatchlistStore(browserStorage()));

export interface Watchlist {
  /** Saved coin ids, in the order they were added. */
  ids: readonly string[];
  has(id: string): boolean;
  add(id: string): void;
  remove(id: string): void;
  toggle(id: string): void;
}

/** The saved coins and the actions that change them; every caller sees the same list. */
export function useWatchlist(): Watchlist {
  const s = getStore();
  const ids = useSyncExternalStore(s.subscribe, s.getIds, s.getIds);
  return useMemo(() => {
    const set = new Set(ids);
    return { ids, has: (id) => set.has(id), add: s.add, remove: s.remove, toggle: s.toggle };
  }, [ids, s]);
}
