import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

/**
 * The web build pre-renders the first screen of / and /markets into their own HTML
 * (apps/web/vite-prerender.ts); the server sends that HTML for those paths and the generic
 * index.html for every other page.
 */
describe('pre-rendered pages', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sikka-dist-'));
    await mkdir(path.join(dist, 'prerendered'));
    await writeFile(path.join(dist, 'index.html'), '<div id="root">generic skeleton</div>');
    await writeFile(path.join(dist, 'prerendered', 'index.html'), '<div id="root">home</div>');
    await writeFile(path.join(dist, 'prerendered', 'markets.html'), '<div id="root">markets</div>');
    t = await startTestApp('pglite', { WEB_DIST: dist, MARKET_AUTOSTART: false });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends / and /markets their own HTML, with or without a query or slash', async () => {
    for (const [url, body] of [
      ['/', 'home'],
      ['/?ref=mail', 'home'],
      ['/markets', 'markets'],
      ['/markets/', 'markets'],
      ['/markets?sort=price', 'markets'],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(`<div id="root">${body}</div>`);
    }
  });

  it('sends every other page the generic index.html, and API misses stay JSON 404s', async () => {
    for (const url of ['/quick-buy', '/markets/btc', '/about']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<div id="root">generic skeleton</div>');
    }
    const api = await t.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('a build without pre-rendered pages', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sikka-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<div id="root">generic skeleton</div>');
    t = await startTestApp('pglite', { WEB_DIST: dist, MARKET_AUTOSTART: false });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends index.html for / and /markets too', async () => {
    for (const url of ['/', '/markets']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<div id="root">generic skeleton</div>');
    }
  });
});
