import {
  compareDecimal,
  SPOT_RECENT_TRADES,
  trimDecimal,
  type SpotBookMessage,
  type SpotBookResponse,
  type SpotLevel,
  type SpotPublicTrade,
} from '@sikka/contracts';

/**
 * One market's book as the socket builds it (contracts spot.ts, "realtime"): a snapshot, then
 * deltas whose seq is exactly the previous + 1. Levels stay decimal strings; they are only
 * compared, never added, so no float ever touches them.
 */
export interface BookState {
  market: string;
  /** seq of the last message applied; null before the first snapshot. */
  seq: number | null;
  /** False from a gap until the next snapshot: the levels shown may be out of date. */
  synced: boolean;
  /** Best (highest) first. */
  bids: SpotLevel[];
  /** Best (lowest) first. */
  asks: SpotLevel[];
  /** Public trades, newest last (as the server sends them), at most SPOT_RECENT_TRADES. */
  trades: SpotPublicTrade[];
}

export const emptyBook = (market: string): BookState => ({
  market,
  seq: null,
  synced: false,
  bids: [],
  asks: [],
  trades: [],
});

/** The REST book (GET …/book) as a starting state until the socket's snapshot arrives. */
export function bookFromResponse(response: SpotBookResponse): BookState {
  return {
    market: response.market,
    seq: response.seq,
    // Not the socket's: the first delta may not follow it, so wait for the snapshot.
    synced: false,
    bids: sortLevels(response.bids, 'bids'),
    asks: sortLevels(response.asks, 'asks'),
    trades: response.trades.slice(-SPOT_RECENT_TRADES),
  };
}

const isZero = (quantity: string) => compareDecimal(quantity, '0') === 0;

function sortLevels(levels: readonly SpotLevel[], side: 'bids' | 'asks'): SpotLevel[] {
  const sign = side === 'bids' ? -1 : 1;
  return levels
    .filter(([, quantity]) => !isZero(quantity))
    .sort(([a], [b]) => sign * compareDecimal(a, b));
}

/** Levels with a delta applied: a changed level replaces its price's, quantity '0' removes it. */
function mergeLevels(
  current: readonly SpotLevel[],
  changes: readonly SpotLevel[],
  side: 'bids' | 'asks',
): SpotLevel[] {
  if (changes.length === 0) return current as SpotLevel[];
  const byPrice = new Map<string, SpotLevel>();
  // Keyed by the value, not the text: '100' and '100.00' are one level.
  const key = trimDecimal;
  for (const level of current) byPrice.set(key(level[0]), level);
  for (const level of changes) {
    if (isZero(level[1])) byPrice.delete(key(level[0]));
    else byPrice.set(key(level[0]), level);
  }
  return sortLevels([...byPrice.values()], side);
}

export type BookUpdate =
  | { kind: 'applied'; state: BookState }
  /** A delta that does not follow the last seq (or came before any snapshot): subscribe again. */
  | { kind: 'gap'; state: BookState }
  /** Another market's message, or an old one: nothing to do. */
  | { kind: 'ignored'; state: BookState };

/** Applies one socket message to the book; tells the caller to resubscribe on a gap. */
export function applyBookMessage(state: BookState, message: SpotBookMessage): BookUpdate {
  if (message.market !== state.market) return { kind: 'ignored', state };
  if (message.snapshot) {
    return {
      kind: 'applied',
      state: {
        market: state.market,
        seq: message.seq,
        synced: true,
        bids: sortLevels(message.bids, 'bids'),
        asks: sortLevels(message.asks, 'asks'),
        trades: message.trades.slice(-SPOT_RECENT_TRADES),
      },
    };
  }
  if (!state.synced || state.seq === null) return { kind: 'gap', state };
  // A delta already applied (a resend after a resubscribe raced it): skip it.
  if (message.seq <= state.seq) return { kind: 'ignored', state };
  if (message.seq !== state.seq + 1) return { kind: 'gap', state: { ...state, synced: false } };
  return {
    kind: 'applied',
    state: {
      ...state,
      seq: message.seq,
      bids: mergeLevels(state.bids, message.bids, 'bids'),
      asks: mergeLevels(state.asks, message.asks, 'asks'),
      trades:
        message.trades.length === 0
          ? state.trades
          : [...state.trades, ...message.trades].slice(-SPOT_RECENT_TRADES),
    },
  };
}

/** The newest public trade's price, if any. */
export function lastTradePrice(state: Pick<BookState, 'trades'>): string | null {
  return state.trades.at(-1)?.price ?? null;
}
