import { createContext, useContext } from 'react';
import type { ClientMessage, SpotBookMessage } from '@sikka/contracts';

type BookListener = (message: SpotBookMessage) => void;
type Listener = () => void;

/**
 * The spot exchange's side of the app's one socket (contracts spot.ts, "realtime"): which
 * market's book the page follows, the book messages for it and the signed-in user's
 * `spotOrders` events. The server follows one market per socket and forgets it with the
 * socket, so the channel subscribes again on every (re)connect.
 */
export class SpotChannel {
  private market: string | null = null;
  private readonly bookListeners = new Set<BookListener>();
  private readonly orderListeners = new Set<Listener>();
  private readonly send: (message: ClientMessage) => void;

  constructor(send: (message: ClientMessage) => void) {
    this.send = send;
  }

  /** Follows `market` ('BTC-INR'), or asks for a fresh snapshot of it (after a gap). */
  follow(market: string): void {
    this.market = market;
    this.send({ type: 'spotSubscribe', market });
  }

  /** Stops following `market`, unless another screen has followed a different one since. */
  unfollow(market: string): void {
    if (this.market !== market) return;
    this.market = null;
    this.send({ type: 'spotUnsubscribe' });
  }

  /**
   * The socket opened (first time or again): subscribe anew; and whatever the user's orders
   * did while it was down sent its event to nobody, so the listeners re-read.
   */
  opened(reconnected: boolean): void {
    if (this.market) this.send({ type: 'spotSubscribe', market: this.market });
    if (reconnected) this.orderListeners.forEach((l) => l());
  }

  onBook(listener: BookListener): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }

  onOrders(listener: Listener): () => void {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  }

  emitBook(message: SpotBookMessage): void {
    this.bookListeners.forEach((l) => l(message));
  }

  emitOrders(): void {
    this.orderListeners.forEach((l) => l());
  }
}

export const SpotChannelContext = createContext<SpotChannel | null>(null);

/** The spot channel of the app's socket (lives in CryptoProvider). */
export function useSpotChannel(): SpotChannel {
  const channel = useContext(SpotChannelContext);
  if (!channel) throw new Error('useSpotChannel must be used within a CryptoProvider');
  return channel;
}
