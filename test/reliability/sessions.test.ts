import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, SESSION_COOKIE, SESSION_TTL_MS } from '@sikka/contracts';
import { testConfig } from '../support/server.ts';
import { newUser, signUp, startTestApp, type TestApp } from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { median, prng } from './support/prng.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The product defaults, which startTestApp raises for ordinary tests. */
const DEFAULTS = testConfig();

type Inject = TestApp['app']['inject'];
type Res = Awaited<ReturnType<Inject>>;
const sessionOf = (res: Res) => res.cookies.find((c) => c.name === SESSION_COOKIE);
const cookieHeader = (res: Res) => `${SESSION_COOKIE}=${sessionOf(res)!.value}`;

/** Item 4: session cookies, token strength and lifetime, login limits and throttle, no user enumeration. */
describe.skipIf(!pgUrl())('sessions on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy, so x-forwarded-proto says whether the client used https.
    // Passwords at the production cost: the timing test compares a real hash's verify with
    // the dummy one an unknown e-mail gets.
    t = await startTestApp(
      'postgres',
      { TRUST_PROXY: ['127.0.0.1'], MARKET_AUTOSTART: false },
      { productionPasswordHashing: true },
    );
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, rememberMe: true },
      headers,
    });
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  it('cookie: httpOnly, SameSite=Lax, Secure over https; 256-bit token, new at every login', async () => {
    const account = newUser();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: account,
      headers: { 'x-forwarded-proto': 'https' },
    });
    const overHttp = await login(account.email, account.password);
    const overHttps = await login(account.email, account.password, {
      'x-forwarded-proto': 'https',
    });
    const tokens = [signup, overHttp, overHttps];
    for (let i = 0; i < 17; i++) tokens.push(await login(account.email, account.password));
    const values = tokens.map((r) => sessionOf(r)!.value);
    const bits = Math.min(...values.map((v) => Buffer.from(v, 'base64url').length * 8));
    const flags = [signup, overHttp, overHttps].map((r) => {
      const c = sessionOf(r)!;
      return `${c.httpOnly ? 'HttpOnly' : '-'} ${c.sameSite} ${c.secure ? 'Secure' : 'not-secure'} path=${c.path}`;
    });
    console.log(
      `[sessions] cookie flags: signup over https [${flags[0]}], login over http [${flags[1]}], ` +
        `login over https [${flags[2]}]; token ${values[0]!.length} chars = ${bits} bits; ` +
        `${new Set(values).size}/${values.length} distinct over 1 sign-up + 19 logins`,
    );
    for (const r of [signup, overHttp, overHttps]) {
      const c = sessionOf(r)!;
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Lax');
      expect(c.path).toBe('/');
    }
    expect(sessionOf(signup)!.secure).toBe(true);
    expect(sessionOf(overHttps)!.secure).toBe(true);
    expect(sessionOf(overHttp)!.secure).toBeFalsy();
    expect(values.every((v) => /^[A-Za-z0-9_-]+$/.test(v))).toBe(true);
    expect(bits).toBeGreaterThanOrEqual(128);
    expect(new Set(values).size).toBe(values.length);
    // Each of them is a live session of its own.
    expect((await me(cookieHeader(overHttp))).statusCode).toBe(200);
  });

  it('a session is refused after logout, and after 72 hours on the server clock', async () => {
    const u = await signUp(t.app);
    const other = await login(u.email, u.password);
    expect((await me(u.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: u.cookie },
    });
    const afterLogout = await me(u.cookie);
    const otherDevice = await me(cookieHeader(other));

    const fresh = await login(u.email, u.password);
    t.advance(SESSION_TTL_MS - MINUTE);
    const before = await me(cookieHeader(fresh));
    t.advance(MINUTE + 1);
    const after = await me(cookieHeader(fresh));
    console.log(
      `[sessions] logout ${out.statusCode}, then GET /api/me with the old cookie → ${afterLogout.statusCode} ` +
        `(other device still ${otherDevice.statusCode}); at 72 h − 1 min → ${before.statusCode}, at 72 h → ${after.statusCode}`,
    );
    expect(out.statusCode).toBe(204);
    expect(afterLogout.statusCode).toBe(401);
    expect(otherDevice.statusCode).toBe(200);
    expect(before.statusCode).toBe(200);
    expect(after.statusCode).toBe(401);
    expect(SESSION_TTL_MS).toBe(72 * HOUR);
  });

  it('100 failed logins within an hour, each from another IP, slow strangers down but lock no one out', async () => {
    // ADR 008: the account-wide ceiling slows sources the account never used; no lock-out.
    expect(DEFAULTS.LOGIN_FREE_FAILURES_PER_ACCOUNT).toBe(20);
    const u = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: `wrong-${i}` },
        remoteAddress: `10.7.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
      statuses.push(res.statusCode);
      t.advance(30_000); // 100 tries over 50 minutes
    }
    // signUp came from inject's default address, so that one is the owner's.
    const owner = await login(u.email, u.password);
    const checked = statuses.filter((s) => s === 401).length;
    console.log(
      `[sessions] 100 wrong passwords from 100 IPs over 50 min: ${checked}×401 (checked), ` +
        `${statuses.filter((s) => s === 429).length}×429 login_throttled; ` +
        `then the owner from their own address → ${owner.statusCode}`,
    );
    expect(checked).toBeGreaterThanOrEqual(DEFAULTS.LOGIN_FREE_FAILURES_PER_ACCOUNT);
    expect(checked).toBeLessThan(100);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(owner.statusCode).toBe(200);
  });

  it('per-IP limits on login and sign-up, at the product defaults', async () => {
    const limited = await startTestApp(
      'postgres',
      {
        MARKET_AUTOSTART: false,
        RATE_LIMIT_LOGIN_PER_MIN: DEFAULTS.RATE_LIMIT_LOGIN_PER_MIN,
        RATE_LIMIT_SIGNUP_PER_MIN: DEFAULTS.RATE_LIMIT_SIGNUP_PER_MIN,
      },
      // The cost is the process's: the timing test after this one needs the production one.
      { productionPasswordHashing: true },
    );
    try {
      const loginFrom = (ip: string, i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody${i}@example.com`, password: 'not the password' },
          remoteAddress: ip,
        });
      const fromA: number[] = [];
      for (let i = 0; i <= DEFAULTS.RATE_LIMIT_LOGIN_PER_MIN; i++)
        fromA.push((await loginFrom('198.51.100.1', i)).statusCode);
      const fromB = (await loginFrom('198.51.100.2', 999)).statusCode;
      const signups: number[] = [];
      for (let i = 0; i <= DEFAULTS.RATE_LIMIT_SIGNUP_PER_MIN; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: newUser(),
          remoteAddress: '198.51.100.3',
        });
        signups.push(res.statusCode);
      }
      console.log(
        `[sessions] per IP: ${DEFAULTS.RATE_LIMIT_LOGIN_PER_MIN} logins/min → last of ${fromA.length} is ${fromA.at(-1)}, ` +
          `another IP meanwhile ${fromB}; ${DEFAULTS.RATE_LIMIT_SIGNUP_PER_MIN} sign-ups/min → last of ${signups.length} is ${signups.at(-1)}`,
      );
      expect(fromA.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(fromA.at(-1)).toBe(429);
      expect(fromB).toBe(401);
      expect(signups.slice(0, -1).every((s) => s === 201)).toBe(true);
      expect(signups.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('unknown e-mail and wrong password: same status, same body, same time (200 tries each)', async () => {
    // 50 accounts take at most 5 wrong passwords each, within the throttle's free failures
    // (ADR 008), so every answer is a checked password. Both kinds come from one address none
    // of the accounts ever used: the throttle takes the same path for both.
    const accounts: Array<Awaited<ReturnType<typeof signUp>>> = [];
    for (let i = 0; i < 50; i++) accounts.push(await signUp(t.app));
    const rnd = prng(4242);
    const stranger = { 'x-forwarded-for': '192.0.2.77' };
    // Fifty unknown e-mails, cycled like the accounts: a first try of an e-mail makes its
    // throttle rows, whether or not an account has it, so both kinds make as many.
    const ghosts = accounts.map((_, i) => `ghost${Date.now()}_${i}@example.com`);
    let n = 0;
    const unknown = () => login(ghosts[n++ % 50]!, 'some password 1', stranger);
    let w = 0;
    const wrong = () => login(accounts[w++ % 50]!.email, 'some password 1', stranger);
    for (let i = 0; i < 5; i++) await Promise.all([unknown(), wrong()]); // warm-up, not counted
    const times = { unknown: [] as number[], wrong: [] as number[] };
    const bodies = { unknown: new Set<string>(), wrong: new Set<string>() };
    const statuses = { unknown: new Set<number>(), wrong: new Set<number>() };
    let remaining = { unknown: 200, wrong: 200 };
    while (remaining.unknown + remaining.wrong > 0) {
      // Interleaved in random order, so load on the machine falls on both alike.
      const kind =
        remaining.unknown === 0
          ? 'wrong'
          : remaining.wrong === 0
            ? 'unknown'
            : rnd.next() < 0.5
              ? 'unknown'
              : 'wrong';
      const at = performance.now();
      const res = await (kind === 'unknown' ? unknown() : wrong());
      times[kind].push(performance.now() - at);
      bodies[kind].add(res.body);
      statuses[kind].add(res.statusCode);
      remaining = { ...remaining, [kind]: remaining[kind] - 1 };
    }
    const mUnknown = median(times.unknown);
    const mWrong = median(times.wrong);
    console.log(
      `[sessions] login timing over 200 interleaved tries each: unknown e-mail median ${mUnknown.toFixed(2)} ms, ` +
        `wrong password median ${mWrong.toFixed(2)} ms (Δ ${Math.abs(mUnknown - mWrong).toFixed(2)} ms); ` +
        `statuses ${[...statuses.unknown]} / ${[...statuses.wrong]}; distinct bodies ${bodies.unknown.size} / ${bodies.wrong.size}`,
    );
    expect([...statuses.unknown]).toEqual([401]);
    expect([...statuses.wrong]).toEqual([401]);
    expect(bodies.unknown.size).toBe(1);
    expect([...bodies.unknown]).toEqual([...bodies.wrong]);
    expect(JSON.parse([...bodies.wrong][0]!)).toEqual({
      error: { code: 'invalid_credentials', message: messages.login.invalidCredentials },
    });
    expect(Math.abs(mUnknown - mWrong)).toBeLessThanOrEqual(5);
  }, 180_000);
});
