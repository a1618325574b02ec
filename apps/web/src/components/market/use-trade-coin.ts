import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Coin } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';

/** What /trade reads from the navigation state: the coin to open (PRODUCT.md §4 "Trade page"). */
export interface TradeLocationState {
  coin: Coin;
}

/**
 * Opens /trade with the coin in the navigation state. The callback keeps its identity for the
 * component's life, so memoised rows that receive it do not re-render because of it.
 */
export function useTradeCoin(): (coin: Coin) => void {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((coin: Coin) => {
    const state: TradeLocationState = { coin };
    void latest.current(paths.trade, { state });
  }, []);
}
