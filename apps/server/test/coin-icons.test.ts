import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Coin icons come from our server (the cryptocurrency-icons set), not a public CDN. */
describe('coin icons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { MARKET_AUTOSTART: false });
  });
  afterAll(() => t.close());

  it('serves a known coin as a cacheable PNG', async () => {
    const res = await t.app.inject({ url: '/coin-icons/btc.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    // 64×64 (the "32@2x" set): width and height are the IHDR's first two 4-byte numbers.
    expect(res.rawPayload.readUInt32BE(16)).toBe(64);
    expect(res.rawPayload.readUInt32BE(20)).toBe(64);
  });

  it('answers 404 for a coin without an icon and for any other file name', async () => {
    for (const url of [
      '/coin-icons/notacoin.png',
      '/coin-icons/..%2Fpackage.json',
      '/coin-icons/..%2F..%2F32%2Fcolor%2Fbtc.png',
      '/coin-icons/btc.svg',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/image|json/);
    }
  });

  it('lets pages load images from our own origin only', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(imgSrc).toContain("'self'");
    expect(imgSrc).not.toMatch(/https:|\*/);
  });
});
