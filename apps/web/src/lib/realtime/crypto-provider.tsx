import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { messages, TICKER_POLL_MS, type Balances } from '@sikka/contracts';
import { ApiError } from '@/lib/api-client.ts';
import { getTickers } from './get-tickers.ts';
import { createMessageHandler } from './market-messages.ts';
import { MarketStore } from './market-store.ts';
import { RealtimeClient } from './realtime-client.ts';
import { SpotChannel, SpotChannelContext } from './spot-channel.ts';
import { CryptoContext, type CryptoSource } from './use-crypto.ts';

export interface CryptoProviderProps {
  children: ReactNode;
  /**
   * Who is signed in: a user id, null for a guest, undefined while the session is still being
   * checked. A change between known values reconnects the socket, because the server reads the
   * session cookie at the handshake only. (The first known value needs no reconnect: the socket
   * opened at start already carried whatever cookie the browser had.)
   */
  sessionKey: string | null | undefined;
  /** A 'balance' event for the signed-in user. */
  onBalances?: (balances: Balances) => void;
  /** A 'cryptoActivity' event: the user's chain deposits or crypto withdrawals changed. */
  onCryptoActivity?: () => void;
  /** A 'notification' event: the user has a new in-app notice. */
  onNotification?: () => void;
  /** The socket is back after a drop (or a session change): balances may have moved meanwhile. */
  onReconnect?: () => void;
}

/**
 * Owns the app's one realtime connection and the market state built from it (DESIGN.md §4–5):
 * a snapshot on connect and deltas each tick; while the socket is not open, the REST snapshot
 * every TICKER_POLL_MS. Lives inside the auth provider, which hands in the session and what to
 * do with balances, so this shared module needs nothing from the auth feature.
 */
export function CryptoProvider({
  children,
  sessionKey,
  onBalances,
  onCryptoActivity,
  onNotification,
  onReconnect,
}: CryptoProviderProps) {
  // Read through useCrypto, which subscribes each reader to the store: this provider does not
  // render again on a tick.
  const [store] = useState(() => new MarketStore());

  // Latest callbacks without reconnecting when their identity changes.
  const callbacks = useRef({ onBalances, onCryptoActivity, onNotification, onReconnect });
  useEffect(() => {
    callbacks.current = { onBalances, onCryptoActivity, onNotification, onReconnect };
  }, [onBalances, onCryptoActivity, onNotification, onReconnect]);

  const inFlight = useRef<AbortController | null>(null);
  const fetchList = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const response = await getTickers(controller.signal);
      if (!controller.signal.aborted) store.applySnapshot(response);
    } catch (err) {
      if (controller.signal.aborted) return;
      store.fail(
        err instanceof ApiError && err.fromServer ? err.message : messages.ticker.fallback,
      );
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [store]);

  const [spot] = useState(() => new SpotChannel((message) => client.send(message)));
  const [client] = useState(() => {
    const socket: RealtimeClient = new RealtimeClient({
      onMessage: createMessageHandler({
        store,
        onSnapshot: () => inFlight.current?.abort(),
        resync: () => socket.send({ type: 'resync' }),
        onBalances: (balances) => callbacks.current.onBalances?.(balances),
        onCryptoActivity: () => callbacks.current.onCryptoActivity?.(),
        onNotification: () => callbacks.current.onNotification?.(),
        onSpotBook: (message) => spot.emitBook(message),
        onSpotOrders: () => spot.emitOrders(),
      }),
      onOpen: ({ reconnected }) => {
        if (reconnected) callbacks.current.onReconnect?.();
        spot.opened(reconnected);
      },
      window: typeof window === 'undefined' ? undefined : window,
    });
    return socket;
  });

  useEffect(() => {
    client.start();
    // The fallback: every poll period, if the socket is not open, fetch the REST snapshot.
    // One request at a time; the first check waits a period so a healthy socket wins.
    const timer = setInterval(() => {
      if (client.connectionStatus !== 'open' && !inFlight.current) void fetchList();
    }, TICKER_POLL_MS);
    return () => {
      clearInterval(timer);
      client.stop();
      inFlight.current?.abort();
    };
  }, [client, fetchList]);

  // Sign-in and sign-out: the next socket carries the new session.
  const seenSession = useRef(sessionKey);
  useEffect(() => {
    if (sessionKey === undefined || seenSession.current === sessionKey) return;
    const first = seenSession.current === undefined;
    seenSession.current = sessionKey;
    if (!first) client.restart();
  }, [client, sessionKey]);

  const value = useMemo<CryptoSource>(() => ({ store, refresh: fetchList }), [store, fetchList]);
  return (
    <CryptoContext.Provider value={value}>
      <SpotChannelContext.Provider value={spot}>{children}</SpotChannelContext.Provider>
    </CryptoContext.Provider>
  );
}
