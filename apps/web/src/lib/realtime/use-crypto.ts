import { createContext, useContext } from 'react';
import { messages } from '@sikka/contracts';
import type { MarketState } from './market-store.ts';

export interface CryptoContextValue extends MarketState {
  /** Manual refresh: fetches the list now (GET /api/market/tickers). */
  refresh(): Promise<void>;
}

export const CryptoContext = createContext<CryptoContextValue | null>(null);

/** The shared market data (PRODUCT.md §4 "Coin data"); live while the app is open. */
export function useCrypto(): CryptoContextValue {
  const value = useContext(CryptoContext);
  if (!value) throw new Error(messages.crypto.outsideProvider);
  return value;
}
