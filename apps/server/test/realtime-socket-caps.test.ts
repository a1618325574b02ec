import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { connect, listen, type TestSocket } from '../../../test/support/realtime-client.ts';

/**
 * ADR 040: WS_MAX_PER_USER sockets per signed-in user and WS_MAX_PER_IP per client address on
 * one instance; a handshake over either is refused with 429 before any socket opens, and a
 * place comes back when its connection closes, however it closes. The test client connects
 * from 127.0.0.1, trusted as a proxy here, so X-Forwarded-For gives each test its own
 * addresses, as `request.ip` does behind a load balancer (ADR 038).
 */
const PER_USER = 3;
const PER_IP = 5;

interface Refusal {
  status: number;
  body: string;
}

/** A refused handshake's status and body; fails the test if the socket opened. */
function refused(url: string, headers: Record<string, string>): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the socket opened'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

/** The status line of a raw upgrade request that `ws` will not accept (version 99). */
function brokenHandshake(port: number, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(port, '127.0.0.1', () => {
      socket.write(
        [
          'GET /api/realtime HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 99',
          `X-Forwarded-For: ${address}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString();
      const status = /^HTTP\/1\.1 (\d+)/.exec(head);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
  });
}

describe.each(availableDrivers())('realtime: socket caps on %s', (driver) => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(driver, {
      MARKET_AUTOSTART: false,
      WS_MAX_PER_USER: PER_USER,
      WS_MAX_PER_IP: PER_IP,
      WS_HEARTBEAT_MS: 300,
      TRUST_PROXY: ['127.0.0.1'],
    });
    url = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const from = (address: string, cookie?: string) => ({
    'x-forwarded-for': address,
    ...(cookie ? { cookie } : {}),
  });
  const open = async (address: string, cookie?: string, options: WebSocket.ClientOptions = {}) => {
    const s = await connect(url, { ...options, headers: from(address, cookie) });
    sockets.push(s);
    await s.next('snapshot');
    return s;
  };
  const caps = () => t.app.realtime.caps;

  it('refuses a signed-in user’s socket over WS_MAX_PER_USER with 429, from any address', async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < PER_USER; i++) await open('203.0.113.1', u.cookie);
    const before = caps().refused.user;
    const over = await refused(url, from('203.0.113.1', u.cookie));
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toEqual({
      error: { code: 'rate_limited', message: messages.realtime.tooManySockets },
    });
    expect((await refused(url, from('203.0.113.2', u.cookie))).status).toBe(429);
    expect(caps().refused.user).toBe(before + 2);
    expect(caps().ofUser(u.id)).toBe(PER_USER);
    // Another user from the same address is not held back by the first one's cap.
    const other = await signUp(t.app);
    await open('203.0.113.1', other.cookie);
    expect(caps().ofSource('203.0.113.1')).toBe(PER_USER + 1);
  });

  it('refuses a socket over WS_MAX_PER_IP, signed in or not, and counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < PER_IP; i++) await open('203.0.113.10');
    expect((await refused(url, from('203.0.113.10'))).status).toBe(429);
    const u = await signUp(t.app);
    expect((await refused(url, from('203.0.113.10', u.cookie))).status).toBe(429);
    await open('203.0.113.11', u.cookie);
    expect(caps().ofSource('203.0.113.10')).toBe(PER_IP);

    for (let i = 1; i <= PER_IP; i++) await open(`2001:db8:5:6::${i}`);
    expect((await refused(url, from('2001:db8:5:6:ffff::1'))).status).toBe(429);
    expect(caps().ofSource('2001:db8:5:6::/64')).toBe(PER_IP);
    await open('2001:db8:5:7::1');
  });

  it('gives a place back when the client closes its socket, or cuts it', async () => {
    const u = await signUp(t.app);
    const tabs = [];
    for (let i = 0; i < PER_USER; i++) tabs.push(await open('203.0.113.20', u.cookie));
    expect((await refused(url, from('203.0.113.20', u.cookie))).status).toBe(429);

    tabs[0]!.close();
    await tabs[0]!.closed;
    await expect.poll(() => caps().ofUser(u.id)).toBe(PER_USER - 1);
    await open('203.0.113.20', u.cookie);

    tabs[1]!.ws.terminate(); // no close frame: the TCP connection just ends
    await expect.poll(() => caps().ofUser(u.id)).toBe(PER_USER - 1);
    await open('203.0.113.20', u.cookie);
    expect((await refused(url, from('203.0.113.20', u.cookie))).status).toBe(429);
  });

  it('gives a place back when the server ends the socket: dead (no pong) or its session ended', async () => {
    const u = await signUp(t.app);
    const dead = await open('203.0.113.30', u.cookie, { autoPong: false });
    const live = await open('203.0.113.30', u.cookie);
    expect(caps().ofUser(u.id)).toBe(2);
    expect((await dead.closed).code).toBe(1006); // terminated by the heartbeat
    await expect.poll(() => caps().ofUser(u.id)).toBe(1);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(204);
    await live.closed;
    await expect.poll(() => caps().ofUser(u.id)).toBe(0);
    await expect.poll(() => caps().ofSource('203.0.113.30')).toBe(0);
  });

  it('holds no place for a handshake that is never upgraded, nor for a plain GET', async () => {
    const port = Number(new URL(url).port);
    for (let i = 0; i < PER_IP + 1; i++) {
      // Refused by ws after our checks passed (400): were its place kept, the last would be 429.
      expect(await brokenHandshake(port, '203.0.113.40')).toBe(400);
      await expect.poll(() => caps().ofSource('203.0.113.40')).toBe(0);
    }
    for (let i = 0; i < PER_IP + 1; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/realtime',
        headers: from('203.0.113.40'),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(caps().ofSource('203.0.113.40')).toBe(0);
    await open('203.0.113.40');
  });
});
