import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_MAX } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';

describe.each(availableDrivers())('the watchlist on the server, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const get = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/me/watchlist', headers: cookie ? { cookie } : {} });
  const put = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/watchlist',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  it('keeps each user their own list, in order, without repeats', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await get(a.cookie)).json()).toEqual({ ids: [] });
    const saved = await put({ ids: ['ETHINR', 'BTCINR', 'ETHINR', 'DOGEINR'] }, a.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ids: ['ETHINR', 'BTCINR', 'DOGEINR'] });
    expect((await get(a.cookie)).json()).toEqual({ ids: ['ETHINR', 'BTCINR', 'DOGEINR'] });
    // B sees none of A's, and B's save leaves A's alone.
    expect((await get(b.cookie)).json()).toEqual({ ids: [] });
    await put({ ids: ['SOLINR'] }, b.cookie);
    expect((await get(a.cookie)).json().ids).toEqual(['ETHINR', 'BTCINR', 'DOGEINR']);
    // A replacement is whole: removed coins go, the order is the new one.
    expect((await put({ ids: ['DOGEINR', 'ETHINR'] }, a.cookie)).json()).toEqual({
      ids: ['DOGEINR', 'ETHINR'],
    });
    expect((await put({ ids: [] }, a.cookie)).json()).toEqual({ ids: [] });
  });

  it('is for signed-in users only', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put({ ids: ['BTCINR'] })).statusCode).toBe(401);
  });

  it('refuses what is not a list of INR market codes, or too long a list, and keeps the old list', async () => {
    const u = await signUp(t.app);
    await put({ ids: ['BTCINR'] }, u.cookie);
    const bad: unknown[] = [
      { ids: ['btcinr'] },
      { ids: ['BTCUSDT'] },
      { ids: ['<script>INR'] },
      { ids: [`${'A'.repeat(21)}INR`] },
      { ids: [1] },
      { ids: 'BTCINR' },
      {},
      { ids: ['BTCINR'], userId: u.id },
      { ids: Array.from({ length: WATCHLIST_MAX + 1 }, (_, i) => `C${i}INR`) },
    ];
    for (const payload of bad) {
      const res = await put(payload, u.cookie);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await get(u.cookie)).json()).toEqual({ ids: ['BTCINR'] });
    // The bound itself is allowed.
    const most = Array.from({ length: WATCHLIST_MAX }, (_, i) => `C${i}INR`);
    expect((await put({ ids: most }, u.cookie)).json().ids).toHaveLength(WATCHLIST_MAX);
  });
});
