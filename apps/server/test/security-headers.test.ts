import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

/** helmet's headers on every answer (built once in app.ts, not per request). */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('every answer carries the content security policy and helmet’s other headers', async () => {
    for (const url of ['/api/health', '/api/market/tickers', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
