import type { Coin } from '@sikka/contracts';

/** The chart's pair when nothing else is chosen (PRODUCT.md §9: the chart is of USDT/INR). */
export const DEFAULT_MARKET = 'USDTINR';

/** The coin id in /trade's navigation state (`{ coin }` from a Trade button), if any. */
export function coinIdFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('coin' in state)) return null;
  const coin = state.coin;
  if (typeof coin !== 'object' || coin === null || !('id' in coin)) return null;
  return typeof coin.id === 'string' && coin.id ? coin.id : null;
}

/**
 * The coin /trade shows (PRODUCT.md §4 "Selected coin defaults to the first coin or one passed
 * in navigation state"): the chosen id when the list has it, else USDT/INR (the spec's chart
 * pair), else the first coin. The coin is always the live list's, never the navigation
 * state's copy, whose price stopped when the Trade button was pressed.
 */
export function selectCoin(coins: readonly Coin[], chosenId: string | null): Coin | null {
  const chosen = chosenId ? coins.find((c) => c.id === chosenId) : undefined;
  return chosen ?? coins.find((c) => c.id === DEFAULT_MARKET) ?? coins[0] ?? null;
}

/** PRODUCT.md §2 header: 'BTC/INR'. */
export function pairName(symbol: string): string {
  return `${symbol}/INR`;
}

/**
 * 24 h high and low: the feed's when it has them, else the spec's placeholders of price × 1.05
 * and × 0.95 (PRODUCT.md §9).
 */
export function dayRange(coin: Pick<Coin, 'price' | 'high_24h' | 'low_24h'>): {
  high: number;
  low: number;
  estimated: boolean;
} {
  if (coin.high_24h !== null && coin.low_24h !== null) {
    return { high: coin.high_24h, low: coin.low_24h, estimated: false };
  }
  return {
    high: coin.high_24h ?? coin.price * 1.05,
    low: coin.low_24h ?? coin.price * 0.95,
    estimated: true,
  };
}
