import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { accountEventHandlers } from './market-connection.tsx';

function setup() {
  const queryClient = new QueryClient();
  for (const key of [['notifications'], ['crypto', 'wallet'], ['auth', 'session']]) {
    queryClient.setQueryData(key, { seeded: true });
  }
  const handlers = accountEventHandlers(queryClient, {
    setBalances: () => undefined,
    refreshBalances: async () => undefined,
  });
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey.join('/'))
      .sort();
  return { handlers, invalidated };
}

describe('the header bell and the socket', () => {
  it("a notification event marks the ['notifications'] query stale and nothing else", () => {
    const { handlers, invalidated } = setup();
    handlers.onNotification();
    expect(invalidated()).toEqual(['notifications']);
  });

  it('a reconnect re-reads the notices too (an event sent while down was lost)', () => {
    const { handlers, invalidated } = setup();
    handlers.onReconnect();
    expect(invalidated()).toEqual(['crypto/wallet', 'notifications']);
  });
});
