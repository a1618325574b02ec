import type { Balances, ServerMessage, SpotBookMessage } from '@sikka/contracts';
import type { MarketStore } from './market-store.ts';

export interface MarketMessageHandlers {
  store: MarketStore;
  /** A snapshot arrived: the socket is fresher than any REST answer still on its way. */
  onSnapshot?: () => void;
  /** The list is out of step with the server's (a delta named an unknown coin). */
  resync: () => void;
  onBalances?: (balances: Balances) => void;
  /** The signed-in user's chain deposits or crypto withdrawals changed: re-read them. */
  onCryptoActivity?: () => void;
  /** The signed-in user has a new in-app notice: re-read the list. */
  onNotification?: () => void;
  /** A spot book snapshot or delta for the market this socket follows. */
  onSpotBook?: (message: SpotBookMessage) => void;
  /** The signed-in user's spot orders changed: re-read them (and the balances). */
  onSpotOrders?: () => void;
}

/**
 * Routes one socket message: market messages into the store, balances and crypto activity to their owners. A delta
 * that does not fit the list asks for a snapshot; until it comes, deltas that do not fit are
 * dropped and each asks again (at most one a tick, and the server answers from a cached frame).
 */
export function createMessageHandler(h: MarketMessageHandlers): (message: ServerMessage) => void {
  return (message) => {
    switch (message.type) {
      case 'snapshot':
        h.onSnapshot?.();
        h.store.applySnapshot(message);
        break;
      case 'tickers':
        if (!h.store.applyDelta(message)) h.resync();
        break;
      case 'balance':
        h.onBalances?.(message.balances);
        break;
      case 'cryptoActivity':
        h.onCryptoActivity?.();
        break;
      case 'notification':
        h.onNotification?.();
        break;
      case 'spotBook':
        h.onSpotBook?.(message);
        break;
      case 'spotOrders':
        h.onSpotOrders?.();
        break;
      default:
        break;
    }
  };
}
