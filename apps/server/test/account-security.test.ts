import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages, PASSWORD_RESET_TTL_MS, SIGN_IN_HISTORY_DAYS } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  adminTotpSecret,
  logInAdmin,
  sessionCookie,
  signUp,
  signUpVerified,
  startTestApp,
  type TestApp,
  startAppWithMail,
} from '../../../test/support/app.ts';
import { linkIn, type MailCatcher } from '../../../test/support/mail-catcher.ts';
import { connect, listen } from '../../../test/support/realtime-client.ts';
import { totpCode } from '../../../test/support/two-factor.ts';
import { housekeep } from '../src/housekeeping.ts';

const STEP_MS = 30_000;

describe.each(availableDrivers())('account security on %s', (driver) => {
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail(driver));
  });
  afterAll(() => close());

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const cookieOf = (res: LightMyRequestResponse, name: string) => {
    const c = res.cookies.find((x) => x.name === name);
    if (!c) throw new Error(`no ${name} cookie`);
    return `${name}=${c.value}`;
  };
  const now = () => t.app.clock();

  /** Turns TOTP on for a signed-in user through the API; returns the secret and backup codes. */
  async function enableTotp(cookie: string) {
    const setup = await inject('POST', '/api/auth/two-factor/totp/setup', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Sikka:/);
    const enable = await inject('POST', '/api/auth/two-factor/totp/enable', cookie, {
      code: totpCode(secret, now()),
    });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().backupCodes as string[];
    expect(codes).toHaveLength(10);
    return { secret, codes };
  }

  /** Moves the clock to the next TOTP step, so a new code exists. */
  const nextStep = () => t.advance(STEP_MS);

  it('mails a verification link at sign-up; withdrawals stay closed until it is followed once', async () => {
    const user = await signUp(t.app);
    const letter = await mail.waitForTo(user.email, 'Confirm your email');
    expect(letter.html).toContain('Confirm my email');
    const link = linkIn(letter, '/verify-email');
    const token = link.searchParams.get('token')!;
    expect(letter.text).not.toContain(user.password);

    const session = await inject('GET', '/api/auth/session', user.cookie);
    expect(session.json().user.emailVerified).toBe(false);
    const withdraw = await inject(
      'POST',
      '/api/withdrawals',
      user.cookie,
      { amount: '500', bankAccountId: '00000000-0000-0000-0000-000000000000' },
      { 'idempotency-key': 'unverified-1' },
    );
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().error).toMatchObject({
      code: 'email_unverified',
      message: messages.security.emailUnverified,
    });

    const verified = await inject('POST', '/api/auth/email/verify', undefined, { token });
    expect(verified.statusCode).toBe(200);
    const again = await inject('POST', '/api/auth/email/verify', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('link_invalid');
    const after = await inject('GET', '/api/auth/session', user.cookie);
    expect(after.json().user.emailVerified).toBe(true);
    const resend = await inject('POST', '/api/auth/email/resend', user.cookie);
    expect(resend.statusCode).toBe(409);
  });

  it('resets a password by a single-use 30-minute link, and signs out every session', async () => {
    const user = await signUp(t.app);
    const other = await inject('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    const otherCookie = sessionCookie(other);

    const known = await inject('POST', '/api/auth/password/forgot', undefined, {
      email: user.email,
    });
    const unknown = await inject('POST', '/api/auth/password/forgot', undefined, {
      email: `nobody-${Date.now()}@example.com`,
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(messages.security.forgotSent);

    const letter = await mail.waitForTo(user.email, 'Reset your Sikka password');
    const token = linkIn(letter, '/reset-password').searchParams.get('token')!;
    const rows = await t.app.db.query<{ token_hash: string }>(
      `SELECT token_hash FROM email_tokens WHERE user_id = $1 AND purpose = 'password_reset'`,
      [user.id],
    );
    // Only a hash is kept, never the token the mail carries.
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const weak = await inject('POST', '/api/auth/password/reset', undefined, {
      token,
      password: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    const reset = await inject('POST', '/api/auth/password/reset', undefined, {
      token,
      password: 'a brand new secret 42',
    });
    expect(reset.statusCode).toBe(200);
    for (const cookie of [user.cookie, otherCookie]) {
      expect((await inject('GET', '/api/me', cookie)).statusCode).toBe(401);
    }
    const reuse = await inject('POST', '/api/auth/password/reset', undefined, {
      token,
      password: 'yet another secret 43',
    });
    expect(reuse.json().error.code).toBe('link_invalid');
    const oldPassword = await inject('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await inject('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: 'a brand new secret 42',
    });
    expect(newPassword.statusCode).toBe(200);
    await mail.waitForTo(user.email, 'password was changed');
  });

  it('refuses an expired reset link and one replaced by a newer mail', async () => {
    const user = await signUp(t.app);
    await inject('POST', '/api/auth/password/forgot', undefined, { email: user.email });
    const first = await mail.waitForTo(user.email, 'Reset');
    await inject('POST', '/api/auth/password/forgot', undefined, { email: user.email });
    const second = await mail.waitFor(
      (m) => m.to.includes(user.email) && m.subject.includes('Reset') && m !== first,
    );
    const tokenOf = (m: typeof first) => linkIn(m, '/reset-password').searchParams.get('token')!;
    const replaced = await inject('POST', '/api/auth/password/reset', undefined, {
      token: tokenOf(first),
      password: 'replaced link secret 1',
    });
    expect(replaced.json().error.code).toBe('link_invalid');
    t.advance(PASSWORD_RESET_TTL_MS + 1000);
    const expired = await inject('POST', '/api/auth/password/reset', undefined, {
      token: tokenOf(second),
      password: 'expired link secret 1',
    });
    expect(expired.json().error.code).toBe('link_invalid');
  });

  it('changes a password with the current one, signing out the other sessions', async () => {
    const user = await signUp(t.app);
    const other = sessionCookie(
      await inject('POST', '/api/auth/login', undefined, {
        email: user.email,
        password: user.password,
      }),
    );
    const wrong = await inject('POST', '/api/auth/password/change', user.cookie, {
      currentPassword: 'not it at all',
      newPassword: 'changed secret 1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe(messages.security.currentPasswordWrong);
    const same = await inject('POST', '/api/auth/password/change', user.cookie, {
      currentPassword: user.password,
      newPassword: user.password,
    });
    expect(same.json().error.fields.newPassword).toBe(messages.security.passwordSameAsOld);
    const ok = await inject('POST', '/api/auth/password/change', user.cookie, {
      currentPassword: user.password,
      newPassword: 'changed secret 1234',
    });
    expect(ok.statusCode).toBe(200);
    expect((await inject('GET', '/api/me', user.cookie)).statusCode).toBe(200);
    expect((await inject('GET', '/api/me', other)).statusCode).toBe(401);
  });

  it('asks for a TOTP code after the password; no route opens before it', async () => {
    const user = await signUp(t.app);
    const { secret, codes } = await enableTotp(user.cookie);
    nextStep();
    const first = await inject('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
      rememberMe: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ user: null, twoFactorRequired: true });
    expect(first.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();
    const step = cookieOf(first, 'sikka_2fa');
    // The step cookie is not a session: nothing signed-in answers to it.
    for (const url of ['/api/me', '/api/auth/sessions', '/api/notifications']) {
      expect((await inject('GET', url, step)).statusCode).toBe(401);
    }
    const wrong = await inject('POST', '/api/auth/login/two-factor', step, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toBe(messages.security.codeInvalid);
    const right = await inject('POST', '/api/auth/login/two-factor', step, {
      code: totpCode(secret, now()),
    });
    expect(right.statusCode).toBe(200);
    const cookie = sessionCookie(right);
    expect((await inject('GET', '/api/me', cookie)).json().user.twoFactorEnabled).toBe(true);
    // The step is used up.
    const stale = await inject('POST', '/api/auth/login/two-factor', step, {
      code: codes[0]!,
    });
    expect(stale.statusCode).toBe(401);
    const history = await inject('GET', '/api/auth/sign-ins', cookie);
    expect(history.json().items.map((e: { outcome: string }) => e.outcome)).toEqual(
      expect.arrayContaining(['success', 'wrong_code', 'code_required']),
    );
  });

  it('takes a code once: the same step again is refused, a backup code works once', async () => {
    const user = await signUpVerified(t.app);
    const { secret, codes } = await enableTotp(user.cookie);
    // The code that enabled TOTP is used; the same step cannot confirm anything now.
    const replay = await inject(
      'POST',
      '/api/auth/two-factor/backup-codes',
      user.cookie,
      undefined,
      {
        'x-two-factor-code': totpCode(secret, now()),
      },
    );
    expect(replay.statusCode).toBe(403);
    expect(replay.json().error.code).toBe('two_factor_invalid');
    const missing = await inject('POST', '/api/auth/two-factor/backup-codes', user.cookie);
    expect(missing.json().error).toMatchObject({
      code: 'two_factor_required',
      message: messages.security.codeRequiredAgain,
    });
    const backup = codes[3]!.toUpperCase().replace('-', ' ');
    const once = await inject('POST', '/api/auth/two-factor/backup-codes', user.cookie, undefined, {
      'x-two-factor-code': backup,
    });
    expect(once.statusCode).toBe(200);
    const newCodes = once.json().backupCodes as string[];
    // The old set is gone, the used code with it; the new ones work.
    const oldCode = await inject(
      'POST',
      '/api/auth/two-factor/backup-codes',
      user.cookie,
      undefined,
      {
        'x-two-factor-code': codes[4]!,
      },
    );
    expect(oldCode.statusCode).toBe(403);
    const overview = await inject('GET', '/api/auth/security', user.cookie);
    expect(overview.json().totp).toMatchObject({ enabled: true, backupCodesLeft: 10 });
    nextStep();
    const off = await inject('POST', '/api/auth/two-factor/totp/disable', user.cookie, undefined, {
      'x-two-factor-code': newCodes[0]!,
    });
    expect(off.statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/security', user.cookie)).json().totp.enabled).toBe(
      false,
    );
    await mail.waitForTo(user.email, 'turned off');
  });

  it('asks for the code again on a withdrawal and a new bank account, and slows guessing', async () => {
    const user = await signUpVerified(t.app);
    const { secret } = await enableTotp(user.cookie);
    nextStep();
    const account = {
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
      accountHolderName: 'Asha Rao',
    };
    const bare = await inject('POST', '/api/me/bank-accounts', user.cookie, account);
    expect(bare.json().error.code).toBe('two_factor_required');
    const withCode = await inject('POST', '/api/me/bank-accounts', user.cookie, account, {
      'x-two-factor-code': totpCode(secret, now()),
    });
    expect(withCode.statusCode).toBe(201);
    const withdraw = await inject(
      'POST',
      '/api/withdrawals',
      user.cookie,
      { amount: '500', bankAccountId: withCode.json().bankAccount.id },
      { 'idempotency-key': 'step-up-1' },
    );
    expect(withdraw.json().error.code).toBe('two_factor_required');
    // Security changes ask again too: a password change, a new passkey.
    const change = await inject('POST', '/api/auth/password/change', user.cookie, {
      currentPassword: user.password,
      newPassword: 'another secret 9999',
    });
    expect(change.json().error.code).toBe('two_factor_required');
    const passkey = await inject('POST', '/api/auth/passkeys/registration-options', user.cookie, {
      currentPassword: user.password,
    });
    expect(passkey.json().error.code).toBe('two_factor_required');
    // Ten wrong codes, then even a right one waits.
    for (let i = 0; i < 10; i += 1) {
      const res = await inject('POST', '/api/me/bank-accounts', user.cookie, account, {
        'x-two-factor-code': String(100000 + i),
      });
      expect(res.json().error.code).toBe('two_factor_invalid');
    }
    nextStep();
    const throttled = await inject('POST', '/api/me/bank-accounts', user.cookie, account, {
      'x-two-factor-code': totpCode(secret, now()),
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('two_factor_throttled');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the admin tools shut until the admin has two-factor on, and it stays on', async () => {
    const { ADMIN } = await import('../../../test/support/app.ts');
    const res = await inject('POST', '/api/auth/login', undefined, ADMIN);
    // This app's admin has not set TOTP up yet unless an earlier test did: start from the DB.
    const rows = await t.app.db.query<{ on: boolean }>(
      `SELECT totp_enabled_at IS NOT NULL AS on FROM users WHERE role = 'admin'`,
    );
    if (!rows[0]!.on) {
      const cookie = sessionCookie(res);
      const refused = await inject('GET', '/api/admin/users', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('two_factor_setup_required');
    }
    const admin = await logInAdmin(t.app);
    expect((await inject('GET', '/api/admin/users', admin)).statusCode).toBe(200);
    nextStep();
    const off = await inject('POST', '/api/auth/two-factor/totp/disable', admin, undefined, {
      'x-two-factor-code': totpCode(adminTotpSecret(t.app), now()),
    });
    expect(off.statusCode).toBe(409);
    expect((await inject('GET', '/api/admin/users', admin)).statusCode).toBe(200);
  });

  it('lists sessions and signs out one or all others, never another user’s', async () => {
    const user = await signUp(t.app);
    const login = () =>
      inject(
        'POST',
        '/api/auth/login',
        undefined,
        { email: user.email, password: user.password },
        { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
      );
    const second = sessionCookie(await login());
    const third = sessionCookie(await login());
    const list = await inject('GET', '/api/auth/sessions', user.cookie);
    const sessions = list.json().sessions as Array<{
      id: string;
      current: boolean;
      device: string;
    }>;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain('Safari on iPhone');

    const stranger = await signUp(t.app);
    const foreign = await inject(
      'DELETE',
      `/api/auth/sessions/${sessions[1]!.id}`,
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    const one = await inject('DELETE', `/api/auth/sessions/${sessions[1]!.id}`, user.cookie);
    expect(one.statusCode).toBe(204);
    const alive = await Promise.all(
      [second, third].map(async (c) => (await inject('GET', '/api/me', c)).statusCode),
    );
    expect(alive.sort()).toEqual([200, 401]);
    const others = await inject('POST', '/api/auth/sessions/sign-out-others', user.cookie);
    expect(others.json()).toEqual({ signedOut: 1 });
    expect((await inject('GET', '/api/me', second)).statusCode).toBe(401);
    expect((await inject('GET', '/api/me', third)).statusCode).toBe(401);
    expect((await inject('GET', '/api/me', user.cookie)).statusCode).toBe(200);
  });

  it('tells of a sign-in from a new device by mail and notice, not from a known one', async () => {
    const user = await signUp(t.app);
    const signup = await inject('GET', '/api/notifications', user.cookie);
    expect(signup.json().unread).toBe(0);
    // The page already open in the first browser hears of it over its WebSocket.
    const open = await connect(await listen(t.app), { headers: { cookie: user.cookie } });
    await open.next('snapshot');
    const fresh = await inject('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    const device = cookieOf(fresh, 'sikka_device');
    await open.next('notification');
    open.close();
    const notices = await inject('GET', '/api/notifications', user.cookie);
    expect(notices.json().unread).toBe(1);
    expect(notices.json().items[0]).toMatchObject({ kind: 'new_sign_in', read: false });
    await mail.waitForTo(user.email, 'New sign-in');
    await inject('POST', '/api/auth/login', device, {
      email: user.email,
      password: user.password,
    });
    expect((await inject('GET', '/api/notifications', user.cookie)).json().unread).toBe(1);
    const read = await inject('POST', '/api/notifications/read', user.cookie);
    expect(read.json().unread).toBe(0);
  });

  it('logs security events with the address, filters them, and exports CSV', async () => {
    const user = await signUp(t.app);
    await inject(
      'POST',
      '/api/auth/password/change',
      user.cookie,
      {
        currentPassword: user.password,
        newPassword: 'audited secret 5678',
      },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    const admin = await logInAdmin(t.app);
    const list = await inject(
      'GET',
      `/api/admin/audit?action=security.&subjectId=${user.id}`,
      admin,
    );
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<{ action: string; actorIp: string | null }>;
    expect(items.map((i) => i.action)).toEqual(['security.password_changed']);
    expect(items[0]!.actorIp).toBe('127.0.0.1');
    const none = await inject('GET', `/api/admin/audit?action=kyc.&subjectId=${user.id}`, admin);
    expect(none.json().total).toBe(0);
    const csv = await inject('GET', `/api/admin/audit.csv?subjectId=${user.id}`, admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('From IP');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('security.password_changed');
    const signIns = await inject('GET', `/api/admin/users/${user.id}/sign-ins`, admin);
    expect(signIns.statusCode).toBe(200);
    const userView = await inject('GET', `/api/admin/users/${user.id}/sign-ins`, user.cookie);
    expect(userView.statusCode).toBe(403);
  });

  it('has no local mailbox when mail goes by SMTP', async () => {
    expect((await inject('GET', '/api/dev/mailbox')).statusCode).toBe(404);
    // Delivered mail keeps no body (no link outlives delivery in the database).
    const rows = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NOT NULL AND text_body IS NOT NULL`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('keeps 90 days of sign-in history', async () => {
    const user = await signUp(t.app);
    await inject('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: 'wrong one!',
    });
    t.advance((SIGN_IN_HISTORY_DAYS + 1) * 24 * 60 * 60 * 1000);
    await housekeep(t.app.db, now());
    const rows = await t.app.db.query('SELECT 1 FROM sign_in_events WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('account recovery rate limits', () => {
  it('limits forgot, reset and verify per address like sign-in', async () => {
    const t = await startTestApp(availableDrivers().at(-1)!, { RATE_LIMIT_LOGIN_PER_MIN: 2 });
    try {
      const statuses = async (url: string, payload: object) => {
        const out: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          out.push((await t.app.inject({ method: 'POST', url, payload })).statusCode);
        }
        return out;
      };
      const token = 'z'.repeat(43);
      expect(await statuses('/api/auth/password/forgot', { email: 'a@example.com' })).toEqual([
        202, 202, 429,
      ]);
      expect(
        await statuses('/api/auth/password/reset', { token, password: 'a new secret 12345' }),
      ).toEqual([400, 400, 429]);
      expect(await statuses('/api/auth/email/verify', { token })).toEqual([400, 400, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('mail without SMTP', () => {
  it('keeps mail for the local mailbox outside production, and only there', async () => {
    const driver = availableDrivers().at(-1)!;
    const dev = await startTestApp(driver, { NODE_ENV: 'development' });
    try {
      const user = await signUp(dev.app);
      const box = await dev.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(box.statusCode).toBe(200);
      const mails = box.json().mails as Array<{ to: string; text: string }>;
      expect(mails.find((m) => m.to === user.email)?.text).toContain('/verify-email?token=');
    } finally {
      await dev.close();
    }
    // A deployment (a public origin) keeps no mailbox; `npm start` on a laptop does (above: any
    // non-production run; the same rule holds for production mode on loopback).
    const prod = await startTestApp(driver, {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://sikka.example',
    });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(
        404,
      );
    } finally {
      await prod.close();
    }
  });
});
