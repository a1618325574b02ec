import type { ComponentType, ReactNode } from 'react';
import type { CandleInterval, CandlesResponse, Coin } from '@sikka/contracts';

/**
 * The pair header's figures from an order book exchange, for display (numbers are fine here:
 * nothing computed from them is sent). Given only once the market has traded; before that the
 * header keeps the feed's figures.
 */
export interface PairStats {
  price: number;
  /** Percent over 24 h; null without a trade 24 h ago. */
  change: number | null;
  high: number;
  low: number;
  /** INR traded in 24 h. */
  volume: number;
}

/** How to read the exchange's own candles for an interval (empty before its first trade). */
export type CandlesSource = (interval: CandleInterval) => {
  queryKey: readonly unknown[];
  fetch: (signal: AbortSignal) => Promise<CandlesResponse>;
  /** ms between reads while shown. */
  refetchInterval: number;
};

/**
 * What a live exchange puts into /trade's layout in place of the spec's demo parts: the
 * header's figures and the chart's candles (each null/absent → the feed's), the book, the
 * order form and the open orders under it.
 */
export interface ExchangeParts {
  stats: PairStats | null;
  candles: CandlesSource | null;
  book: ReactNode;
  form: ReactNode;
  orders: ReactNode;
}

/**
 * A live exchange for the selected coin. It renders `children(parts)`, or `children(null)`
 * when it has no market for the coin (the page then shows the demo parts). The app composes
 * one in (the trade feature does not know which), so the layout stays the trade page's.
 */
export type ExchangeComponent = ComponentType<{
  coin: Coin;
  symbol: string;
  children: (parts: ExchangeParts | null) => ReactNode;
}>;
