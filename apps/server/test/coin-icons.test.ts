import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { NETWORK_MARKS } from '../src/http/coin-icons.ts';
import { SIMULATED_PAIRS } from '../src/market/simulated-pairs.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Coin icons come from our server (cryptocurrency-icons, then web3icons), not a public CDN. */
describe('coin icons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { MARKET_AUTOSTART: false });
  });
  afterAll(() => t.close());

  it('serves a known coin as a cacheable PNG', async () => {
    const res = await t.app.inject({ url: '/coin-icons/btc' });
    expect(res.statusCode).toBe(200);
    // The older address with its extension is the same icon.
    const older = await t.app.inject({ url: '/coin-icons/BTC.png' });
    expect(older.statusCode).toBe(200);
    expect(older.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    // 64×64 (the "32@2x" set): width and height are the IHDR's first two 4-byte numbers.
    expect(res.rawPayload.readUInt32BE(16)).toBe(64);
    expect(res.rawPayload.readUInt32BE(20)).toBe(64);
  });

  it('serves a coin newer than that set as an SVG that can run nothing', async () => {
    for (const symbol of ['sui', 'pepe', 'arb', 'ton', 'inj']) {
      const res = await t.app.inject({ url: `/coin-icons/${symbol}` });
      expect(res.statusCode, symbol).toBe(200);
      expect(res.headers['content-type'], symbol).toBe('image/svg+xml');
      expect(res.headers['cache-control'], symbol).toMatch(/public, max-age=\d+/);
      expect(res.headers['content-security-policy'], symbol).toBe(
        "default-src 'none'; style-src 'unsafe-inline'",
      );
      expect(res.body, symbol).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
      expect(res.body, symbol).not.toMatch(/<script|\son[a-z]+=|javascript:|<foreignObject/i);
    }
  });

  it('shows a chain’s own coin with the chain’s mark where the symbol is another token’s', async () => {
    const { default: arbitrum } =
      (await import('@web3icons/core/svgs/networks/background/arbitrum-one.svg.js')) as {
        default: string;
      };
    const arb = await t.app.inject({ url: '/coin-icons/arb' });
    expect(arb.body).toBe(arbitrum);
    const { default: aptos } =
      (await import('@web3icons/core/svgs/networks/background/aptos.svg.js')) as {
        default: string;
      };
    expect((await t.app.inject({ url: '/coin-icons/apt' })).body).toBe(aptos);
    expect(Object.keys(NETWORK_MARKS).sort()).toEqual(['apt', 'arb', 'inj', 'ton']);
  });

  it('has an icon for every coin of the simulated market but four', async () => {
    const coins = [...new Set(SIMULATED_PAIRS.map((p) => p.market.replace(/INR$/, '')))];
    const missing: string[] = [];
    for (const coin of coins) {
      const res = await t.app.inject({ url: `/coin-icons/${coin.toLowerCase()}` });
      if (res.statusCode !== 200) missing.push(coin);
    }
    // In neither package yet: these keep their initials (ADR 024).
    expect(missing).toEqual(['FLOKI', 'WIF', 'BONK', 'ENA']);
  });

  it('answers 404 for a coin without an icon and for any other file name', async () => {
    for (const url of [
      '/coin-icons/notacoin.png',
      '/coin-icons/notacoin',
      '/coin-icons/sui.svg.js',
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
