import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the exchange ticker (CoinDCX shape), for the upstream source tests.
 * What it answers can be changed between polls; it counts requests and how many overlap.
 */
export interface UpstreamReply {
  status: number;
  /** A value is sent as JSON; a string is sent as it is (for malformed bodies). */
  body: unknown;
  delayMs: number;
}

export interface FakeUpstream {
  url: string;
  reply: UpstreamReply;
  /** When set, called per request to build the reply (request number from 1). */
  replyFor: ((n: number) => Partial<UpstreamReply>) | null;
  requests: number;
  requestTimes: number[];
  inFlight: number;
  maxInFlight: number;
  reset(): void;
  close(): Promise<void>;
}

export function coinDcxItem(
  market: string,
  lastPrice: string,
  extra: Record<string, unknown> = {},
) {
  return {
    market,
    change_24_hour: '1.5',
    high: String(Number(lastPrice) * 1.02),
    low: String(Number(lastPrice) * 0.98),
    volume: '1000.5',
    last_price: lastPrice,
    bid: lastPrice,
    ask: lastPrice,
    timestamp: Math.floor(Date.now() / 1000),
    ...extra,
  };
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeUpstream = {
    url: '',
    reply: { status: 200, body: [], delayMs: 0 },
    replyFor: null,
    requests: 0,
    requestTimes: [],
    inFlight: 0,
    maxInFlight: 0,
    reset() {
      this.requests = 0;
      this.requestTimes = [];
      this.maxInFlight = this.inFlight;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    fake.requests += 1;
    fake.requestTimes.push(Date.now());
    fake.inFlight += 1;
    fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
    const reply = { ...fake.reply, ...(fake.replyFor?.(fake.requests) ?? {}) };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      fake.inFlight -= 1;
    };
    res.on('close', finish);
    setTimeout(() => {
      if (res.destroyed) return finish();
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(text, finish);
    }, reply.delayMs);
    req.resume();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/exchange/ticker`;
  return fake;
}
