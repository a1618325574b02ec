import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_RATE_PER_MIN, NEWSLETTER_SUBSCRIBED } from '@sikka/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

/** The footer's newsletter box stores the address: validated, once, rate-limited. */
describe('newsletter subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { MARKET_AUTOSTART: false });
  });
  afterAll(() => t.close());

  // Each test from its own address, so the rate limit of one does not reach another.
  const subscribe = (payload: unknown, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: payload as object,
      remoteAddress,
    });
  const stored = async (): Promise<string[]> =>
    (
      await t.app.db.query<{ email: string }>(
        'SELECT email FROM newsletter_subscriptions ORDER BY email',
      )
    ).map((r) => r.email);

  it('stores an address once, whatever its case, with the same answer each time', async () => {
    const first = await subscribe({ email: 'Reader@Example.com' }, '10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_SUBSCRIBED });
    const again = await subscribe({ email: '  reader@example.COM ' }, '10.0.0.1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: NEWSLETTER_SUBSCRIBED });
    expect(await stored()).toEqual(['reader@example.com']);
  });

  it('refuses what is not an e-mail address, storing nothing', async () => {
    const before = await stored();
    for (const payload of [
      { email: 'not an e-mail' },
      { email: '' },
      {},
      { email: 'a@example.com', extra: true },
      { email: `${'a'.repeat(250)}@example.com` },
    ]) {
      const res = await subscribe(payload, '10.0.0.2');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect(await stored()).toEqual(before);
  });

  it(`answers 429 after ${NEWSLETTER_RATE_PER_MIN} subscriptions a minute from one address`, async () => {
    for (let i = 0; i < NEWSLETTER_RATE_PER_MIN; i++) {
      expect((await subscribe({ email: `r${i}@example.com` }, '10.0.0.3')).statusCode).toBe(200);
    }
    const over = await subscribe({ email: 'one-more@example.com' }, '10.0.0.3');
    expect(over.statusCode).toBe(429);
    expect(await stored()).not.toContain('one-more@example.com');
    // Another address is not held back.
    expect((await subscribe({ email: 'other@example.com' }, '10.0.0.4')).statusCode).toBe(200);
  });
});
