import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { testConfig } from '../support/server.ts';
import { ADMIN, newUser, startTestApp, type TestApp } from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const HOUR = 60 * 60 * 1000;
/** The product defaults of the throttle (startTestApp changes none of them). */
const DEFAULTS = testConfig();

interface Tally {
  checked: number;
  refused: number;
  other: number;
  longestWaitS: number;
}

/**
 * Issue 12, point 5: an attacker's guesses against one e-mail, at the product defaults. Time is
 * the server's movable clock; the per-IP limiter counts real time and is raised by startTestApp,
 * so what is measured here is the throttle alone.
 */
describe.skipIf(!pgUrl())('login throttle on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', { MARKET_AUTOSTART: false });
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  /** `tries` wrong passwords spread evenly over `ms`, round-robin over `addresses`. */
  async function attack(
    email: string,
    tries: number,
    ms: number,
    addresses: (i: number) => string,
  ) {
    const tally: Tally = { checked: 0, refused: 0, other: 0, longestWaitS: 0 };
    for (let i = 0; i < tries; i++) {
      const res = await login(email, `guess-${i}`, addresses(i));
      if (res.statusCode === 401) tally.checked += 1;
      else if (res.statusCode === 429 && res.json().error.code === 'login_throttled') {
        tally.refused += 1;
        tally.longestWaitS = Math.max(tally.longestWaitS, Number(res.headers['retry-after']));
      } else tally.other += 1;
      t.advance(ms / tries);
    }
    return tally;
  }
  const fewAddresses = (net: number) => (i: number) => `203.0.${net}.${(i % 5) + 1}`;
  const sum = (a: Tally, b: Tally): Tally => ({
    checked: a.checked + b.checked,
    refused: a.refused + b.refused,
    other: a.other + b.other,
    longestWaitS: Math.max(a.longestWaitS, b.longestWaitS),
  });

  it('1,000 guesses in an hour from 5 addresses: few are checked, the owner and the admin still sign in', async () => {
    expect(DEFAULTS.LOGIN_FREE_FAILURES_PER_SOURCE).toBe(5);
    expect(DEFAULTS.LOGIN_FREE_FAILURES_PER_ACCOUNT).toBe(20);

    const owner = newUser();
    const ownerHome = '198.51.100.10';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: owner,
      remoteAddress: ownerHome,
    });
    expect(signup.statusCode).toBe(201);
    const adminHome = '198.51.100.20';
    expect((await login(ADMIN.email, ADMIN.password, adminHome)).statusCode).toBe(200);

    // Half an hour into the attack the owner signs in from home; the attack goes on.
    const firstHalf = await attack(owner.email, 500, HOUR / 2, fewAddresses(113));
    const ownerDuring = await login(owner.email, owner.password, ownerHome);
    const onOwner = sum(firstHalf, await attack(owner.email, 500, HOUR / 2, fewAddresses(113)));
    const ownerAfter = await login(owner.email, owner.password, ownerHome);
    // A new address of the owner's is slowed by the account-wide ceiling, never locked.
    const ownerNew = '198.51.100.99';
    const firstTry = await login(owner.email, owner.password, ownerNew);
    const waitedS = firstTry.statusCode === 429 ? Number(firstTry.headers['retry-after']) : 0;
    t.advance(waitedS * 1000);
    const ownerNewAfter =
      firstTry.statusCode === 200 ? firstTry : await login(owner.email, owner.password, ownerNew);

    const secondHour = await attack(owner.email, 1000, HOUR, fewAddresses(113));
    const adminFirstHalf = await attack(ADMIN.email, 500, HOUR / 2, fewAddresses(114));
    const adminDuring = await login(ADMIN.email, ADMIN.password, adminHome);
    const onAdmin = sum(
      adminFirstHalf,
      await attack(ADMIN.email, 500, HOUR / 2, fewAddresses(114)),
    );
    const adminAfter = await login(ADMIN.email, ADMIN.password, adminHome);
    const onNobody = await attack(`nobody${Date.now()}@example.com`, 1000, HOUR, fewAddresses(115));

    const line = (x: Tally) =>
      `${x.checked} checked, ${x.refused} refused (429, longest wait ${x.longestWaitS} s)`;
    console.log(
      `[login-throttle] 1,000 wrong passwords in 1 h from 5 addresses → owner: ${line(onOwner)}; ` +
        `the owner from their address half-way → ${ownerDuring.statusCode}, after → ${ownerAfter.statusCode}, from a new address → ` +
        `${firstTry.statusCode}${waitedS ? ` (wait ${waitedS} s)` : ''} then ${ownerNewAfter.statusCode}. ` +
        `Second hour → ${line(secondHour)}. Admin: ${line(onAdmin)}; admin from their address half-way → ` +
        `${adminDuring.statusCode}, after → ${adminAfter.statusCode}. Unknown e-mail: ${line(onNobody)}. ` +
        `(Before ADR 008: 100 checked, then 429 account_locked for everyone, the owner too.)`,
    );
    for (const x of [onOwner, secondHour, onAdmin, onNobody]) expect(x.other).toBe(0);
    expect(onOwner.checked).toBeLessThanOrEqual(100);
    expect(secondHour.checked).toBeLessThan(onOwner.checked);
    expect(onAdmin.checked).toBeLessThanOrEqual(100);
    // Same schedule, same figures: a wait says nothing about whether the e-mail exists.
    expect(onNobody).toEqual(onAdmin);
    expect(ownerDuring.statusCode).toBe(200);
    expect(ownerAfter.statusCode).toBe(200);
    expect(waitedS).toBeLessThanOrEqual(DEFAULTS.LOGIN_ACCOUNT_DELAY_MAX_MS / 1000);
    expect(ownerNewAfter.statusCode).toBe(200);
    expect(adminDuring.statusCode).toBe(200);
    expect(adminAfter.statusCode).toBe(200);
  });

  it('1,000 guesses in an hour from 1,000 addresses: the account-wide ceiling bounds them', async () => {
    const owner = newUser();
    const ownerHome = '198.51.100.30';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: owner,
      remoteAddress: ownerHome,
    });
    const spread = await attack(
      owner.email,
      1000,
      HOUR,
      (i) => `100.${64 + Math.floor(i / 250)}.${i % 250}.7`,
    );
    const ownerAfter = await login(owner.email, owner.password, ownerHome);
    console.log(
      `[login-throttle] 1,000 wrong passwords in 1 h from 1,000 addresses → ${spread.checked} checked, ` +
        `${spread.refused} refused (longest wait ${spread.longestWaitS} s); the owner from their address → ` +
        `${ownerAfter.statusCode}`,
    );
    expect(spread.other).toBe(0);
    expect(spread.checked).toBeLessThanOrEqual(100);
    expect(spread.longestWaitS).toBeLessThanOrEqual(DEFAULTS.LOGIN_ACCOUNT_DELAY_MAX_MS / 1000);
    expect(ownerAfter.statusCode).toBe(200);
    expect(messages.login.throttled('1 minute')).toBe(
      'Too many failed attempts. Please try again in 1 minute.',
    );
  });
});
