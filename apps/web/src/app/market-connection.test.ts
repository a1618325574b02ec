import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Balances } from '@sikka/contracts';
import { createMessageHandler } from '@/lib/realtime/market-messages.ts';
import { MarketStore } from '@/lib/realtime/market-store.ts';
import { parseServerMessage } from '@/lib/realtime/realtime-client.ts';
import { accountEventHandlers } from './market-connection.tsx';

/** A query client holding crypto and non-crypto queries, all fresh, and the socket's handler. */
function setup() {
  const queryClient = new QueryClient();
  for (const key of [
    ['crypto', 'deposits'],
    ['crypto', 'wallet'],
    ['crypto', 'withdrawals'],
    ['wallet', 'deposits'],
    ['tickers'],
  ]) {
    queryClient.setQueryData(key, { seeded: true });
  }
  const pushed: Array<Partial<Balances>> = [];
  let refreshed = 0;
  const handlers = accountEventHandlers(queryClient, {
    setBalances: (b) => pushed.push(b),
    refreshBalances: async () => {
      refreshed += 1;
    },
  });
  const handle = createMessageHandler({
    store: new MarketStore(),
    resync: () => undefined,
    onBalances: handlers.onBalances,
    onCryptoActivity: handlers.onCryptoActivity,
  });
  /** Which seeded queries are marked stale now, by key. */
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey.join('/'))
      .sort();
  return { handle, handlers, invalidated, pushed, refreshed: () => refreshed };
}

describe('the socket events of the signed-in user', () => {
  it("a cryptoActivity frame marks every ['crypto', …] query stale and nothing else", () => {
    const { handle, invalidated, pushed } = setup();
    expect(invalidated()).toEqual([]);
    handle(parseServerMessage('{"type":"cryptoActivity"}')!);
    expect(invalidated()).toEqual(['crypto/deposits', 'crypto/wallet', 'crypto/withdrawals']);
    expect(pushed).toEqual([]);
  });

  it('a balance event pushes the balances and re-reads the crypto queries too', () => {
    const { handle, invalidated, pushed } = setup();
    const balances = { inr: '0.00', inrHeld: '0.00', usdt: '100.00000000' };
    handle({ type: 'balance', balances });
    expect(pushed).toEqual([balances]);
    expect(invalidated()).toEqual(['crypto/deposits', 'crypto/wallet', 'crypto/withdrawals']);
  });

  it('a reconnect re-reads the balances and the crypto queries (events may have been missed)', () => {
    const { handlers, invalidated, refreshed } = setup();
    handlers.onReconnect();
    expect(refreshed()).toBe(1);
    expect(invalidated()).toEqual(['crypto/deposits', 'crypto/wallet', 'crypto/withdrawals']);
  });
});
