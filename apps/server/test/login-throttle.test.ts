import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { ADMIN, newUser, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { housekeep } from '../src/housekeeping.ts';
import { loginSource } from '../src/auth/throttle.ts';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
/** Small figures so each step shows: 3 free per source, 6 per account, waits 1 s doubling. */
const SETTINGS = {
  LOGIN_FREE_FAILURES_PER_SOURCE: 3,
  LOGIN_FREE_FAILURES_PER_ACCOUNT: 6,
  LOGIN_DELAY_BASE_MS: SECOND,
  LOGIN_SOURCE_DELAY_MAX_MS: 8 * SECOND,
  LOGIN_ACCOUNT_DELAY_MAX_MS: 4 * SECOND,
  LOGIN_FAILURE_MEMORY_MS: HOUR,
};

describe.each(availableDrivers())('login throttle on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // Waits here are seconds long: only `advance` moves the clock, however slow the machine.
    t = await startTestApp(driver, SETTINGS, { frozenClock: true });
  });
  afterAll(() => t.close());

  let net = 0;
  /** A fresh /24 per test, so no test inherits another's waits. */
  const ips = () => {
    net += 1;
    return (host: number) => `10.${driver === 'pglite' ? 1 : 2}.${net}.${host}`;
  };
  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });
  const signUpFrom = async (remoteAddress: string) => {
    const body = newUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: body,
      remoteAddress,
    });
    expect(res.statusCode).toBe(201);
    return body;
  };
  const retryAfter = (res: Awaited<ReturnType<typeof login>>) => Number(res.headers['retry-after']);

  it('after the free failures a source waits, doubling up to the cap, and a wait checks no password', async () => {
    const ip = ips();
    const owner = await signUpFrom(ip(1));
    const attacker = ip(66);
    const free: number[] = [];
    for (let i = 0; i < 3; i++) free.push((await login(owner.email, 'wrong', attacker)).statusCode);
    expect(free).toEqual([401, 401, 401]);

    const refused = await login(owner.email, owner.password, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'login_throttled', message: messages.login.throttled('1 second') },
    });
    expect(refused.json().error.message).toBe(
      'Too many failed attempts. Please try again in 1 second.',
    );
    expect(retryAfter(refused)).toBe(1);

    // Each failure after a wait doubles the next one, up to the cap (8 s here).
    const waits: number[] = [];
    let wait = retryAfter(refused);
    for (let i = 0; i < 6; i++) {
      t.advance(wait * SECOND);
      expect((await login(owner.email, 'wrong', attacker)).statusCode).toBe(401);
      const next = await login(owner.email, 'wrong', attacker);
      expect(next.statusCode).toBe(429);
      wait = retryAfter(next);
      waits.push(wait);
    }
    expect(waits).toEqual([2, 4, 8, 8, 8, 8]);

    // Half-way through a wait it is still refused, and says how long is left.
    t.advance(4 * SECOND);
    const halfway = await login(owner.email, owner.password, attacker);
    expect(halfway.statusCode).toBe(429);
    expect(retryAfter(halfway)).toBe(4);
    expect(halfway.json().error.message).toBe(messages.login.throttled('4 seconds'));

    // Meanwhile the owner, from where they signed up, signs in at once.
    expect((await login(owner.email, owner.password, ip(1))).statusCode).toBe(200);
  });

  it('strangers on many addresses slow unknown sources down, never the owner’s known one', async () => {
    const ip = ips();
    const owner = await signUpFrom(ip(1));
    const codes: number[] = [];
    for (let i = 0; i < 20; i++)
      codes.push((await login(owner.email, 'wrong', ip(100 + i))).statusCode);
    // Six failures across the account, then unknown sources wait (1 s, doubling to 4 s).
    expect(codes.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(codes.slice(6).every((c) => c === 429)).toBe(true);

    expect((await login(owner.email, owner.password, ip(1))).statusCode).toBe(200);
    // From a new address the owner is slowed, not locked: one short wait, then in.
    const fresh = await login(owner.email, owner.password, ip(200));
    expect(fresh.statusCode).toBe(429);
    expect(retryAfter(fresh)).toBeLessThanOrEqual(4);
    t.advance(retryAfter(fresh) * SECOND);
    expect((await login(owner.email, owner.password, ip(200))).statusCode).toBe(200);
    // That address is now the owner's too.
    for (let i = 0; i < 8; i++) await login(owner.email, 'wrong', ip(150 + i));
    expect((await login(owner.email, owner.password, ip(200))).statusCode).toBe(200);
  });

  it('strangers cannot lock the admin out', async () => {
    const ip = ips();
    const adminHome = ip(1);
    expect((await login(ADMIN.email, ADMIN.password, adminHome)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 10; i++)
        codes.push((await login(ADMIN.email, 'guess', ip(50 + i))).statusCode);
      t.advance(HOUR / 2);
    }
    expect(codes.filter((c) => c === 401).length).toBeLessThan(codes.length / 2);
    expect((await login(ADMIN.email, ADMIN.password, adminHome)).statusCode).toBe(200);
  });

  it('an unknown e-mail is throttled exactly like an account, so waits reveal no account', async () => {
    const ip = ips();
    const owner = await signUpFrom(ip(1));
    const ghost = `ghost${Date.now()}@example.com`;
    const run = async (email: string, host: number) => {
      const seen: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await login(email, 'wrong', ip(host));
        seen.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.body}`);
        if (i === 5) t.advance(SECOND);
      }
      return seen;
    };
    const real = await run(owner.email, 10);
    const unknown = await run(ghost, 20);
    expect(unknown).toEqual(real);
    expect(real.filter((r) => r.startsWith('429')).length).toBeGreaterThan(0);
  });

  it('a success starts the source afresh; silence for LOGIN_FAILURE_MEMORY_MS forgets failures', async () => {
    const ip = ips();
    const owner = await signUpFrom(ip(1));
    const home = ip(1);
    for (let i = 0; i < 2; i++)
      expect((await login(owner.email, 'typo', home)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await login(owner.email, 'typo', home)).statusCode).toBe(401);
    expect((await login(owner.email, 'typo', home)).statusCode).toBe(429);

    const away = ip(9);
    for (let i = 0; i < 3; i++) await login(owner.email, 'typo', away);
    expect((await login(owner.email, 'typo', away)).statusCode).toBe(429);
    t.advance(HOUR + SECOND);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await login(owner.email, 'typo', away)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('housekeeping deletes throttle rows once forgotten, and nothing sooner', async () => {
    const email = `pruned${Date.now()}${driver}@example.com`;
    await login(email, 'wrong', ips()(1));
    const rows = async () =>
      (
        await t.app.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM login_throttle WHERE email = $1',
          [email],
        )
      )[0]!.n;
    expect(await rows()).toBe(2); // its address and the account-wide row
    await housekeep(t.app.db, new Date(t.app.clock().getTime() + HOUR - SECOND));
    expect(await rows()).toBe(2);
    await housekeep(t.app.db, new Date(t.app.clock().getTime() + HOUR + SECOND));
    expect(await rows()).toBe(0);
  });

  it('addresses of one IPv6 /64 share a wait', async () => {
    const owner = await signUpFrom('2001:db8:77::1');
    const net64 = `2001:db8:${driver === 'pglite' ? 'a1' : 'a2'}:1::`;
    for (let i = 0; i < 3; i++) await login(owner.email, 'wrong', `${net64}${i + 1}`);
    const sameNet = await login(owner.email, owner.password, `${net64}ffff`);
    expect(sameNet.statusCode).toBe(429);
    expect(loginSource(`${net64}ffff`)).toBe(loginSource(`${net64}1`));
    expect(loginSource('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });
});
