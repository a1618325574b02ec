import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../src/config.ts';
import { signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';

/** The load balancer: the TCP peer of every request that came through it. */
const PROXY = '10.0.0.1';
/** The client's address as the load balancer appends it to X-Forwarded-For. */
const CLIENT = '203.0.113.9';

/** TRUST_PROXY as an operator writes it, through the same parser as the server's start-up. */
const trustProxy = (value: string): Config['TRUST_PROXY'] =>
  loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

const configError = (value: string): string => {
  try {
    loadConfig({ TRUST_PROXY: value });
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
};

/** Random left-most entries, as a client that wants a fresh address for every try writes them. */
const forged = (i: number) => `198.18.${i}.${(i * 37) % 250}, 127.0.0.1, ::1`;

const login = (
  t: TestApp,
  remoteAddress: string,
  xff: string | undefined,
  email: string,
  password: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    payload: { email, password },
  });

/** The address the server recorded for the user's latest sign-in (what request.ip was). */
const lastSignInIp = async (t: TestApp, cookie: string): Promise<string> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/sign-ins', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json().items as Array<{ ip: string }>)[0]!.ip;
};

describe('TRUST_PROXY: the client address behind trusted proxies (ADR 038)', () => {
  it('keys the per-IP login limit on the proxy-appended address, whatever the client forges', async () => {
    const t = await startTestApp('pglite', {
      TRUST_PROXY: trustProxy(PROXY),
      RATE_LIMIT_LOGIN_PER_MIN: 5,
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(
          t,
          PROXY,
          `${forged(i)}, ${CLIENT}`,
          `x${i}@example.com`,
          'nope1234',
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Another client behind the same proxy has its own budget.
      const other = await login(t, PROXY, '198.51.100.7', 'y@example.com', 'nope1234');
      expect(other.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('records the right-most address no trusted proxy vouches for', async () => {
    const t = await startTestApp('pglite', { TRUST_PROXY: trustProxy(`${PROXY}, 10.0.1.0/24`) });
    try {
      const user = await signUp(t.app);
      // Client → 10.0.1.5 (an inner proxy, trusted) → PROXY: both proxies' entries are skipped.
      const res = await login(
        t,
        PROXY,
        `${forged(1)}, ${CLIENT}, 10.0.1.5`,
        user.email,
        user.password,
      );
      expect(res.statusCode).toBe(200);
      const cookie = `sikka_session=${res.cookies.find((c) => c.name === 'sikka_session')!.value}`;
      expect(await lastSignInIp(t, cookie)).toBe(CLIENT);
    } finally {
      await t.close();
    }
  });

  it('takes the socket address of a peer that is not a trusted proxy, whatever its header says', async () => {
    const t = await startTestApp('pglite', { TRUST_PROXY: trustProxy(`${PROXY},10.0.1.0/24`) });
    try {
      const user = await signUp(t.app);
      const direct = '192.0.2.44';
      const res = await login(t, direct, `${CLIENT}, ${PROXY}`, user.email, user.password);
      expect(res.statusCode).toBe(200);
      const cookie = `sikka_session=${res.cookies.find((c) => c.name === 'sikka_session')!.value}`;
      expect(await lastSignInIp(t, cookie)).toBe(direct);
    } finally {
      await t.close();
    }
  });
});

describe('the dev mailbox and X-Forwarded-For', () => {
  const mailbox = (t: TestApp, remoteAddress: string, xff?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress,
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    });

  it('is shut whenever a proxy is trusted, even to a loopback peer', async () => {
    const t = await startTestApp('pglite', {
      NODE_ENV: 'development',
      TRUST_PROXY: trustProxy(`${PROXY},127.0.0.1`),
    });
    try {
      expect((await mailbox(t, PROXY, '127.0.0.1')).statusCode).toBe(404);
      expect((await mailbox(t, '203.0.113.50', '127.0.0.1')).statusCode).toBe(404);
      // A proxy on this machine connects from loopback for whoever is outside.
      expect((await mailbox(t, '127.0.0.1', CLIENT)).statusCode).toBe(404);
      expect((await mailbox(t, '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('answers a loopback peer without a proxy setting, and no remote peer claiming loopback', async () => {
    const t = await startTestApp('pglite', { NODE_ENV: 'development' });
    try {
      expect((await mailbox(t, '127.0.0.1')).statusCode).toBe(200);
      expect((await mailbox(t, '::1')).statusCode).toBe(200);
      expect((await mailbox(t, '203.0.113.50', '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY parsing', () => {
  it('reads addresses and CIDRs, and false, 0 or unset as none', () => {
    expect(trustProxy('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('FALSE')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy(' ')).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('refuses true and hop counts, which trusted what the client writes, saying what to set', () => {
    for (const value of ['true', 'TRUE', '1', '2']) {
      const message = configError(value);
      expect(message).toContain(`TRUST_PROXY: '${value}' is no longer accepted`);
      expect(message).toContain('list the addresses your proxies connect from');
      expect(message).toContain('TRUST_PROXY=10.0.0.0/16');
    }
    expect(configError('true')).toContain('clients write their own');
    expect(configError('1')).toContain('a hop count cannot tell a proxy');
  });

  it('refuses anything that is not an address or CIDR, naming it', () => {
    for (const value of [
      'yes',
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      'lb.internal',
      '10.0.0.1,',
    ]) {
      expect(configError(value)).toMatch(
        /TRUST_PROXY: expected false or comma-separated proxy addresses or CIDRs .*, not '/,
      );
    }
    expect(configError('10.0.0.1, proxy.internal')).toContain("not 'proxy.internal'");
  });
});
