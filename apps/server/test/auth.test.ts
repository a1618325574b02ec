import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, SESSION_TTL_MS } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  ADMIN,
  logInAdmin,
  newUser,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';

describe.each(availableDrivers())('accounts and sessions on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('signs up with kyc pending and zero balances, and signs the user in', async () => {
    const body = newUser({ email: `Mixed.Case${Date.now()}@Example.com` });
    const res = await post('/api/auth/signup', body);
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      email: body.email.toLowerCase(),
      fullName: body.fullName,
      phone: body.phone,
      kycStatus: 'pending',
      role: 'user',
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.json())).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'sikka_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().balances).toEqual({ inr: '0.00', inrHeld: '0.00', usdt: '0.00000000' });
    const rows = await t.app.db.query<{ balance: string; kyc_status: string }>(
      'SELECT balance, kyc_status FROM users WHERE id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ balance: '0.00', kyc_status: 'pending' });
  });

  it('stores only a hash of the session token', async () => {
    const res = await post('/api/auth/signup', newUser());
    const token = res.cookies.find((c) => c.name === 'sikka_session')!.value;
    const rows = await t.app.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a duplicate e-mail with 409 user_already_exists and the exact message', async () => {
    const body = newUser();
    await post('/api/auth/signup', body);
    const res = await post('/api/auth/signup', { ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'user_already_exists',
        message: messages.signup.emailTaken,
        fields: { email: messages.signup.emailTaken },
      },
    });
    expect(messages.signup.emailTaken).toBe(
      'This email is already registered. Please log in or use a different email.',
    );
  });

  it('validates every sign-up field with the spec messages', async () => {
    const res = await post('/api/auth/signup', {
      fullName: 'A',
      email: 'not-an-email',
      phone: '12345',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.fields).toEqual({
      fullName: 'Full name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Phone number must be at least 10 digits',
      password: 'Password must be at least 8 characters',
    });
    const count = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email = 'not-an-email'",
    );
    expect(count[0]!.n).toBe(0);
  });

  it('refuses the most common passwords with a clear message', async () => {
    const res = await post('/api/auth/signup', newUser({ password: 'Password123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: messages.signup.passwordCommon });
  });

  it('accepts 64-character and Unicode passwords', async () => {
    for (const password of ['x'.repeat(64), 'पासवर्ड-सिक्का-२०२६', 'contraseña segura ✓']) {
      const u = await signUp(t.app, { password });
      const res = await post('/api/auth/login', { email: u.email, password });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers unknown e-mail and wrong password identically with 401', async () => {
    const u = await signUp(t.app);
    const wrong = await post('/api/auth/login', { email: u.email, password: 'wrong password!' });
    const unknown = await post('/api/auth/login', {
      email: `nobody${Date.now()}@example.com`,
      password: 'wrong password!',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'invalid_credentials',
          message: 'Invalid email or password. Please try again.',
        },
      });
      expect(res.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();
    }
  });

  it('logs in with a new token each time; rememberMe makes the cookie persistent', async () => {
    const u = await signUp(t.app);
    const a = await post('/api/auth/login', {
      email: u.email,
      password: u.password,
      rememberMe: true,
    });
    const b = await post('/api/auth/login', {
      email: u.email.toUpperCase(),
      password: u.password,
      rememberMe: false,
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const ca = a.cookies.find((c) => c.name === 'sikka_session')!;
    const cb = b.cookies.find((c) => c.name === 'sikka_session')!;
    expect(ca.value).not.toBe(cb.value);
    expect(ca.value).not.toBe(u.cookie.split('=')[1]);
    expect(ca.maxAge).toBe(SESSION_TTL_MS / 1000);
    expect(cb.maxAge).toBeUndefined();
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(b) },
    });
    expect(session.json().user.email).toBe(u.email.toLowerCase());
  });

  it('logout deletes the session on the server', async () => {
    const u = await signUp(t.app);
    const out = await post('/api/auth/logout', undefined, { cookie: u.cookie });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: u.cookie },
    });
    expect(session.json()).toEqual({ user: null });
  });

  it('expires sessions after 3 days on the server', async () => {
    const u = await signUp(t.app);
    t.advance(SESSION_TTL_MS - 60_000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } }))
        .statusCode,
    ).toBe(200);
    t.advance(120_000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('updates only full name and phone through PATCH /api/me; refuses mass-assignment', async () => {
    const u = await signUp(t.app);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: u.cookie },
      payload: { fullName: 'Asha R.' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.fullName).toBe('Asha R.');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: u.cookie },
      payload: { fullName: 'X Y', role: 'admin', balance: '1000000', kycStatus: 'verified' },
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.app.db.query(
      'SELECT role, balance, kyc_status, full_name FROM users WHERE id = $1',
      [u.id],
    );
    expect(rows[0]).toEqual({
      role: 'user',
      balance: '0.00',
      kyc_status: 'pending',
      full_name: 'Asha R.',
    });
    const anon = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { fullName: 'Nobody' },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe('User not authenticated');
  });

  it('guards every /api/admin path: 401 signed out, 403 for users, through for the admin', async () => {
    const u = await signUp(t.app);
    const admin = await logInAdmin(t.app);
    for (const url of ['/api/admin/users', '/api/admin/anything/else']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { cookie: u.cookie } })).statusCode,
      ).toBe(403);
      expect([200, 404]).toContain(
        (await t.app.inject({ method: 'GET', url, headers: { cookie: admin } })).statusCode,
      );
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin } });
    expect(me.json().user).toMatchObject({ email: ADMIN.email, role: 'admin' });
  });

  it('refuses cross-site mutations with 403 and form bodies with 415, writing nothing', async () => {
    const body = newUser();
    const evil = await post('/api/auth/signup', body, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.code).toBe('cross_site');
    const fetchSite = await post('/api/auth/signup', body, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    expect(form.statusCode).toBe(415);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(body),
    });
    expect(text.statusCode).toBe(415);
    const rows = await t.app.db.query('SELECT 1 FROM users WHERE email = $1', [body.email]);
    expect(rows).toHaveLength(0);
    const same = await post('/api/auth/signup', body, {
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(same.statusCode).toBe(201);
  });

  it('answers JSON 404 for unknown API paths and health for /api/health', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      ok: true,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('rate limits', () => {
  it('limits login attempts per IP', async () => {
    const t = await startTestApp('pglite', { RATE_LIMIT_LOGIN_PER_MIN: 5 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `x${i}@example.com`, password: 'whatever1' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });

  it('bounds guessing per account without locking the owner out (ADR 008)', async () => {
    // On a clock only the test moves: under load, thirty requests can outlast a wait.
    const t = await startTestApp(
      'pglite',
      {
        LOGIN_FREE_FAILURES_PER_SOURCE: 5,
        LOGIN_FREE_FAILURES_PER_ACCOUNT: 5,
        RATE_LIMIT_LOGIN_PER_MIN: 1000,
      },
      { frozenClock: true },
    );
    try {
      const u = await signUp(t.app);
      const codes: number[] = [];
      // Ten strangers, three tries each: the first five failures are checked, then the account
      // makes unknown sources wait, and a wait answers before any password is checked.
      for (let i = 0; i < 30; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.0.0.${(i % 10) + 1}`,
          payload: { email: u.email, password: 'wrong password' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 401).length).toBe(5);
      expect(codes.slice(5).every((c) => c === 429)).toBe(true);
      // The owner, from the address they signed up from, is not held back by strangers.
      const owner = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: u.password },
      });
      expect(owner.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits sign-ups per IP', async () => {
    const t = await startTestApp('pglite', { RATE_LIMIT_SIGNUP_PER_MIN: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newUser() }))
            .statusCode,
        );
      expect(codes).toEqual([201, 201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});
