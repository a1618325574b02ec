import { describe, expect, it } from 'vitest';
import type { Balances } from '@sikka/contracts';
import { createMessageHandler } from './market-messages.ts';
import { MarketStore } from './market-store.ts';
import { parseServerMessage } from './realtime-client.ts';

/** A handler whose every outlet records what reached it, in order. */
function recordingHandler() {
  const calls: string[] = [];
  const balances: Balances[] = [];
  const handle = createMessageHandler({
    store: new MarketStore(),
    resync: () => calls.push('resync'),
    onSnapshot: () => calls.push('snapshot'),
    onBalances: (b) => {
      calls.push('balances');
      balances.push(b);
    },
    onCryptoActivity: () => calls.push('cryptoActivity'),
    onNotification: () => calls.push('notification'),
  });
  return { calls, balances, handle };
}

describe("the socket's account messages", () => {
  it('hands a cryptoActivity frame, parsed from the wire, to onCryptoActivity and nothing else', () => {
    const { calls, balances, handle } = recordingHandler();
    const message = parseServerMessage('{"type":"cryptoActivity"}');
    expect(message).not.toBeNull();
    handle(message!);
    expect(calls).toEqual(['cryptoActivity']);
    expect(balances).toEqual([]);
  });

  it('hands a notification frame, parsed from the wire, to onNotification and nothing else', () => {
    const { calls, balances, handle } = recordingHandler();
    const message = parseServerMessage('{"type":"notification"}');
    expect(message).not.toBeNull();
    handle(message!);
    expect(calls).toEqual(['notification']);
    expect(balances).toEqual([]);
  });

  it('keeps balance events and crypto activity apart', () => {
    const { calls, balances, handle } = recordingHandler();
    handle({ type: 'balance', balances: { inr: '5.00', inrHeld: '0.00', usdt: '100.00000000' } });
    handle({ type: 'cryptoActivity' });
    handle({ type: 'heartbeat', time: '2025-01-01T00:00:00.000Z' });
    expect(calls).toEqual(['balances', 'cryptoActivity']);
    expect(balances).toEqual([{ inr: '5.00', inrHeld: '0.00', usdt: '100.00000000' }]);
  });

  it('ignores crypto activity when no one listens (a screen without the wallet)', () => {
    const handle = createMessageHandler({ store: new MarketStore(), resync: () => undefined });
    expect(() => handle({ type: 'cryptoActivity' })).not.toThrow();
  });
});
