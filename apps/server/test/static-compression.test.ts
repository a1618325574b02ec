import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

/** The built web app goes out compressed to browsers that ask; the API is left as it is. */
describe('web app files are sent compressed', () => {
  let t: TestApp;
  let dist: string;
  // Compressible, larger than the 1 KB threshold: a stand-in for a Vite chunk.
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i })))};\n`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sikka-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'chunk-abc123.js'), script);
    t = await startTestApp('pglite', { WEB_DIST: dist, MARKET_AUTOSTART: false });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('brotli when the browser accepts it, byte for byte the same file', async () => {
    const res = await t.app.inject({
      url: '/assets/chunk-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('gzip for a client without brotli, and the plain file for one that asks for nothing', async () => {
    const gz = await t.app.inject({
      url: '/assets/chunk-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/assets/chunk-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('leaves API answers alone', async () => {
    const res = await t.app.inject({
      url: '/api/market/tickers',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().coins.length).toBeGreaterThan(0);
  });
});
