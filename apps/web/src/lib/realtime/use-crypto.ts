import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { messages, type MarketSource } from '@sikka/contracts';
import type { MarketState, MarketStore } from './market-store.ts';

export interface CryptoContextValue extends MarketState {
  /** Manual refresh: fetches the list now (GET /api/market/tickers). */
  refresh(): Promise<void>;
}

/**
 * What the provider shares: the store itself, which never changes identity. Each component
 * that reads the market subscribes to the store, so a tick renders those components only;
 * a context whose value changed every tick made React search the whole page's tree for its
 * readers on every tick (docs/performance.md, part 5).
 */
export interface CryptoSource {
  store: MarketStore;
  refresh(): Promise<void>;
}

export const CryptoContext = createContext<CryptoSource | null>(null);

function useCryptoSource(): CryptoSource {
  const source = useContext(CryptoContext);
  if (!source) throw new Error(messages.crypto.outsideProvider);
  return source;
}

/** The shared market data (PRODUCT.md §4 "Coin data"); live while the app is open. */
export function useCrypto(): CryptoContextValue {
  const { store, refresh } = useCryptoSource();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(() => ({ ...state, refresh }), [state, refresh]);
}

/** Only where the prices come from: renders again when that changes, not on every tick. */
export function useMarketSource(): MarketSource {
  const { store } = useCryptoSource();
  const source = () => store.getState().source;
  return useSyncExternalStore(store.subscribe, source, source);
}
