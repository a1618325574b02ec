import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@sikka/contracts';
import {
  parseServerMessage,
  realtimeUrl,
  RealtimeClient,
  SILENCE_TIMEOUT_MS,
  type SocketLike,
} from './realtime-client.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
}

describe('RealtimeClient', () => {
  let sockets: FakeSocket[];
  let messages: ServerMessage[];
  let opens: boolean[];
  let downs: number;
  let client: RealtimeClient;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    messages = [];
    opens = [];
    downs = 0;
    client = new RealtimeClient({
      url: () => 'ws://example.test/api/realtime',
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      random: () => 0.5, // no jitter: exact schedule
      onMessage: (m) => messages.push(m),
      onOpen: ({ reconnected }) => opens.push(reconnected),
      onDown: () => (downs += 1),
    });
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('passes snapshot, deltas and balance events on, and ignores junk', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({
      type: 'snapshot',
      coins: [],
      source: 'simulated',
      updatedAt: null,
      error: null,
    });
    sockets[0]!.receive({ type: 'tickers', c: [], updatedAt: null, error: null });
    sockets[0]!.receive({ type: 'balance', balances: { inr: '10.00', usdt: '0.00000000' } });
    sockets[0]!.receive({ type: 'cryptoActivity' });
    sockets[0]!.receive({ type: 'something-new' });
    sockets[0]!.onmessage?.({ data: 'not json' } as MessageEvent);
    expect(messages.map((m) => m.type)).toEqual([
      'snapshot',
      'tickers',
      'balance',
      'cryptoActivity',
    ]);
    expect(opens).toEqual([false]);
  });

  it('reconnects after 1, 2, 5, 10, 10 s while the server stays away, then reports a reconnect', () => {
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(downs).toBe(1);
    expect(client.connectionStatus).toBe('down');
    for (const [i, delay] of [1000, 2000, 5000, 10_000, 10_000].entries()) {
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(i + 2);
      sockets.at(-1)!.drop();
    }
    vi.advanceTimersByTime(10_000);
    const last = sockets.at(-1)!;
    last.open();
    expect(opens).toEqual([false, true]);
    // A connection that delivered resets the schedule: the next drop waits 1 s again.
    last.receive({ type: 'heartbeat', time: 'x' });
    last.drop();
    const count = sockets.length;
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(count + 1);
  });

  it('treats a silent socket as dead after two missed heartbeats', () => {
    client.start();
    sockets[0]!.open();
    vi.advanceTimersByTime(SILENCE_TIMEOUT_MS - 1000);
    sockets[0]!.receive({ type: 'heartbeat', time: 'x' });
    vi.advanceTimersByTime(SILENCE_TIMEOUT_MS - 1);
    expect(sockets[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.closed).toBe(true);
    expect(downs).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('restart() opens a new socket at once (new session) and ignores the old one', () => {
    client.start();
    sockets[0]!.open();
    client.restart();
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    sockets[0]!.receive({ type: 'tickers', c: [], updatedAt: null, error: null });
    expect(messages).toHaveLength(0);
    sockets[1]!.open();
    expect(opens).toEqual([false, true]);
  });

  it('stop() closes the socket and never reconnects', () => {
    client.start();
    sockets[0]!.open();
    client.stop();
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('realtimeUrl and parseServerMessage', () => {
  it('uses the page origin with ws: or wss:', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'sikka.in' })).toBe(
      'wss://sikka.in/api/realtime',
    );
  });
  it('accepts the known messages only', () => {
    expect(parseServerMessage('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseServerMessage('{"type":"cryptoActivity"}')).toEqual({ type: 'cryptoActivity' });
    expect(parseServerMessage('{"type":"cryptoactivity"}')).toBeNull();
    expect(parseServerMessage('{"type":"tickers"}')).toBeNull();
    expect(parseServerMessage('{"type":"tickers","coins":[]}')).toBeNull();
    expect(parseServerMessage('{"type":"tickers","c":[],"coins":{}}')).toBeNull();
    expect(parseServerMessage('{"type":"tickers","c":[],"updatedAt":null,"error":null}')).toEqual({
      type: 'tickers',
      c: [],
      updatedAt: null,
      error: null,
    });
    expect(parseServerMessage('{"type":"balance","balances":null}')).toBeNull();
    expect(parseServerMessage('[]')).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});
