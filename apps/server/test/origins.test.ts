import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH } from '@sikka/contracts';
import { ConfigError, loadConfig, testConfig } from '../src/config.ts';
import { createOriginPolicy, defaultPublicOrigins, parseOriginList } from '../src/http/origins.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

describe('public origins: PUBLIC_ORIGIN or the listen address, never the Host header', () => {
  it('derives the default from HOST:PORT, with localhost and 127.0.0.1 on loopback and wildcard binds', () => {
    expect(defaultPublicOrigins('127.0.0.1', 3000).sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
    expect(defaultPublicOrigins('localhost', 3000).sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
    expect(defaultPublicOrigins('0.0.0.0', 8080).sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
    ]);
    expect(defaultPublicOrigins('::1', 3000)).toContain('http://[::1]:3000');
    // Port 80 is the default port: browsers leave it out of Origin.
    expect(defaultPublicOrigins('sikka.internal', 80)).toEqual(['http://sikka.internal']);
    // PORT=0 picks the port at bind time: the bound one counts.
    const bound: AddressInfo = { address: '127.0.0.1', family: 'IPv4', port: 45678 };
    expect(defaultPublicOrigins('127.0.0.1', 0, bound).sort()).toEqual([
      'http://127.0.0.1:45678',
      'http://localhost:45678',
    ]);
  });

  it('PUBLIC_ORIGIN replaces the default, ALLOWED_ORIGINS adds to either; entries are normalised', () => {
    const set = createOriginPolicy(
      testConfig({
        PUBLIC_ORIGIN: 'https://Sikka.example/, https://www.sikka.example',
        ALLOWED_ORIGINS: 'https://partner.example',
      }),
      () => null,
    );
    expect(set.list().sort()).toEqual([
      'https://partner.example',
      'https://sikka.example',
      'https://www.sikka.example',
    ]);
    expect(set.allows('http://localhost:3000')).toBe(false);
    const derived = createOriginPolicy(
      testConfig({ ALLOWED_ORIGINS: 'https://partner.example' }),
      () => null,
    );
    expect(derived.list().sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'https://partner.example',
    ]);
    expect(parseOriginList(undefined)).toEqual([]);
    expect(() => parseOriginList('sikka.example')).toThrow(/not an origin/);
  });

  it('refuses at start-up a PUBLIC_ORIGIN that is not a list of origins', () => {
    for (const bad of ['sikka.example', 'https://sikka.example/app', 'ftp://sikka.example']) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad })).toThrow(ConfigError);
    }
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://a.example,http://b.example:8080' })).toMatchObject({
      PUBLIC_ORIGIN: 'https://a.example,http://b.example:8080',
    });
  });
});

/** The HTTP status of a WebSocket handshake: 101 when accepted. */
function handshake(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('CSRF guard and socket handshake on a server listening on a port picked at bind time', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { MARKET_AUTOSTART: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email: 'nobody@example.com', password: 'wrong password here' },
    });

  it('accepts its own bound origin and refuses a foreign Origin even with a matching forged Host', async () => {
    // 401: the guard let it through to the login check.
    expect((await login({ origin, host: new URL(origin).host })).statusCode).toBe(401);
    expect((await login({ origin: origin.replace('127.0.0.1', 'localhost') })).statusCode).toBe(
      401,
    );
    // Same host, another port: another origin.
    expect((await login({ origin: 'http://127.0.0.1:1' })).statusCode).toBe(403);
    const forged = await login({ origin: 'https://evil.example', host: 'evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('cross_site');
  });

  it('the socket handshake uses the same origins: a forged Host does not make a foreign page ours', async () => {
    const url = `${origin.replace('http', 'ws')}${REALTIME_PATH}`;
    expect(await handshake(url, { origin })).toBe(101);
    expect(await handshake(url, { origin: 'http://evil.example', host: 'evil.example' })).toBe(403);
  });
});
