import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  ADMIN,
  logInAdmin,
  newUser,
  sessionCookie,
  signUp,
  startAppWithMail,
  type TestApp,
} from '../../../test/support/app.ts';
import { linkIn, type MailCatcher } from '../../../test/support/mail-catcher.ts';
import { api } from '../../../test/support/money-helpers.ts';
import { softwarePasskey, type SoftwarePasskey } from '../../../test/support/software-passkey.ts';
import { turnOnTotp } from '../../../test/support/two-factor.ts';

/**
 * The ways someone holding a session or the password could keep an account after its owner
 * takes it back (reset, password change, freeze): a passkey added with a session alone, an
 * e-mail change link asked for before, the owner's freeze link voided by a change of address,
 * and the admin's view of identity documents without two-factor. Mail goes to a real SMTP
 * server started here.
 */
describe.each(availableDrivers())('account takeover paths on %s', (driver) => {
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  let origin: string;
  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail(driver));
    origin = t.app.publicOrigins.list().find((o) => o.includes('localhost'))!;
    expect(origin, t.app.publicOrigins.list().join(', ')).toBeDefined();
  });
  afterAll(() => close());

  const post = (url: string, cookie: string | undefined, payload?: object) =>
    api(t.app).post(url, cookie, payload, { origin });
  const passkeysOf = async (userId: string) =>
    t.app.db.query<{ name: string }>('SELECT name FROM passkeys WHERE user_id = $1', [userId]);

  /** The whole registration through the routes; returns the answer to the final POST. */
  async function register(cookie: string, currentPassword: string, key: SoftwarePasskey) {
    const options = await post('/api/auth/passkeys/registration-options', cookie, {
      currentPassword,
    });
    expect(options.statusCode, options.body).toBe(200);
    return post('/api/auth/passkeys', cookie, {
      name: 'Attacker laptop',
      response: key.register(options.json().challenge as string, origin),
    });
  }

  async function passkeyLogin(key: SoftwarePasskey) {
    const options = await post('/api/auth/passkeys/login-options', undefined);
    const ceremony = options.cookies.find((c) => c.name === 'sikka_passkey')!;
    return api(t.app).post(
      '/api/auth/passkeys/login',
      `${ceremony.name}=${ceremony.value}`,
      { response: key.assert(options.json().challenge as string, origin), rememberMe: false },
      { origin },
    );
  }

  async function resetPassword(email: string, password: string) {
    expect((await post('/api/auth/password/forgot', undefined, { email })).statusCode).toBe(202);
    const m = await mail.waitForTo(email, 'Reset');
    const token = linkIn(m, '/reset-password').searchParams.get('token')!;
    const done = await post('/api/auth/password/reset', undefined, { token, password });
    expect(done.statusCode, done.body).toBe(200);
  }

  /** An e-mail change to a fresh address asked for with `cookie`; the link's token. */
  async function askEmailChange(cookie: string, currentPassword: string) {
    const to = newUser().email;
    const ask = await post('/api/auth/email/change', cookie, { newEmail: to, currentPassword });
    expect(ask.statusCode, ask.body).toBe(202);
    const m = await mail.waitForTo(to, 'Confirm your new email');
    return { to, token: linkIn(m, '/confirm-email-change').searchParams.get('token')! };
  }

  const confirmChange = (token: string) =>
    post('/api/auth/email/change/confirm', undefined, { token });

  const emailOf = async (userId: string) =>
    (await t.app.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0]!
      .email;

  it('adding a passkey asks for the current password, and the owner is mailed with a freeze link', async () => {
    const user = await signUp(t.app);
    const missing = await post('/api/auth/passkeys/registration-options', user.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      currentPassword: messages.security.currentPasswordRequired,
    });
    const wrong = await post('/api/auth/passkeys/registration-options', user.cookie, {
      currentPassword: 'not the password 1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      currentPassword: messages.security.currentPasswordWrong,
    });
    // Refused before any ceremony began: no challenge waits for a credential.
    const [waiting] = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth_challenges
        WHERE user_id = $1 AND purpose = 'passkey_register'`,
      [user.id],
    );
    expect(waiting!.n).toBe(0);

    const added = await register(user.cookie, user.password, softwarePasskey());
    expect(added.statusCode, added.body).toBe(201);
    expect(await passkeysOf(user.id)).toEqual([{ name: 'Attacker laptop' }]);
    const notice = await mail.waitForTo(user.email, 'A passkey was added');
    expect(notice.text).toContain('A passkey named "Attacker laptop" was just added');
    const freeze = linkIn(notice, '/freeze-account').searchParams.get('token')!;
    expect((await post('/api/auth/freeze/check', undefined, { token: freeze })).statusCode).toBe(
      200,
    );
  });

  it('with two-factor on, adding a passkey asks for the code as well as the password', async () => {
    const user = await signUp(t.app);
    await turnOnTotp(t, user.cookie);
    const res = await post('/api/auth/passkeys/registration-options', user.cookie, {
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('two_factor_required');
  });

  it('a password reset removes the passkeys, so one added by an intruder no longer signs in', async () => {
    const user = await signUp(t.app);
    const key = softwarePasskey();
    expect((await register(user.cookie, user.password, key)).statusCode).toBe(201);
    expect((await passkeyLogin(key)).statusCode).toBe(200);

    await resetPassword(user.email, 'the owner takes it back 1');
    expect(await passkeysOf(user.id)).toEqual([]);
    const again = await passkeyLogin(key);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();
    const changed = await mail.waitForTo(user.email, 'Your Sikka password was changed');
    expect(changed.text).toContain("the account's passkey was removed too");
    const [audit] = await t.app.db.query<{ after: { passkeysRemoved?: number } }>(
      `SELECT after FROM audit_log WHERE subject_user_id = $1 AND action = 'security.password_reset'`,
      [user.id],
    );
    expect(audit!.after.passkeysRemoved).toBe(1);
  });

  it('a password change keeps the passkeys: the owner proved the password', async () => {
    const user = await signUp(t.app);
    expect((await register(user.cookie, user.password, softwarePasskey())).statusCode).toBe(201);
    const change = await post('/api/auth/password/change', user.cookie, {
      currentPassword: user.password,
      newPassword: 'a brand new secret 77',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await passkeysOf(user.id)).toHaveLength(1);
  });

  it('an e-mail change link asked for before a password reset no longer works', async () => {
    const user = await signUp(t.app);
    const { token } = await askEmailChange(user.cookie, user.password);
    await resetPassword(user.email, 'the owner takes it back 2');
    const res = await confirmChange(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('link_invalid');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('an e-mail change link asked for before a password change no longer works', async () => {
    const user = await signUp(t.app);
    const { token } = await askEmailChange(user.cookie, user.password);
    const change = await post('/api/auth/password/change', user.cookie, {
      currentPassword: user.password,
      newPassword: 'a brand new secret 88',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await confirmChange(token)).json().error.code).toBe('link_invalid');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('freezing the account voids a pending e-mail change, so the address cannot be moved', async () => {
    const user = await signUp(t.app);
    const { token } = await askEmailChange(user.cookie, user.password);
    const frozen = await post('/api/auth/freeze', user.cookie, { currentPassword: user.password });
    expect(frozen.statusCode, frozen.body).toBe(200);
    const res = await confirmChange(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('link_invalid');
    expect(await emailOf(user.id)).toBe(user.email);
    // ...and the reset links still go to the owner.
    await resetPassword(user.email, 'the owner takes it back 3');
  });

  it('a frozen account refuses an e-mail change link even if one outlived the freeze', async () => {
    const user = await signUp(t.app);
    const { token } = await askEmailChange(user.cookie, user.password);
    // A freeze from before freezing voided these links (the state an older release left).
    await t.app.db.query(
      `UPDATE users SET frozen_at = now(), frozen_via = 'security_page' WHERE id = $1`,
      [user.id],
    );
    const res = await confirmChange(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'account_frozen',
      message: messages.security.accountFrozen,
    });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("an intruder's change of address leaves the owner's freeze link working", async () => {
    const user = await signUp(t.app);
    // The intruder signs in from a new browser: the owner is mailed a freeze link.
    const intruder = await post('/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
      rememberMe: false,
    });
    expect(intruder.statusCode, intruder.body).toBe(200);
    const signIn = await mail.waitForTo(user.email, 'New sign-in');
    const freeze = linkIn(signIn, '/freeze-account').searchParams.get('token')!;
    // ...then moves the account's mail to their own box.
    const { to, token } = await askEmailChange(sessionCookie(intruder), user.password);
    expect((await confirmChange(token)).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(to);

    const done = await post('/api/auth/freeze/confirm', undefined, { token: freeze });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.app.db.query<{ frozen: boolean }>(
      'SELECT frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1',
      [user.id],
    );
    expect(row!.frozen).toBe(true);
  });

  it("the admin opens another user's identity documents only with two-factor on", async () => {
    const user = await signUp(t.app);
    const url = `/api/kyc/documents/${user.id}/panFront`;
    // The admin's first sign-in, before two-factor is set up (as every admin tool refuses it).
    const first = await post('/api/auth/login', undefined, ADMIN);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().twoFactorRequired).toBeFalsy();
    const without = await api(t.app).get(url, sessionCookie(first));
    expect(without.statusCode).toBe(403);
    expect(without.json().error.code).toBe('two_factor_setup_required');
    // With two-factor on, the same request reaches the documents (this user has none yet).
    const admin = await logInAdmin(t.app);
    const withTotp = await api(t.app).get(url, admin);
    expect(withTotp.statusCode).toBe(404);
    expect(withTotp.json().error.message).toBe(messages.kyc.documentMissing);
  });
});
