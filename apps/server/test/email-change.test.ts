import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_HOLD_MS, messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  ADMIN,
  adminTotpSecret,
  logInAdmin,
  newUser,
  signUp,
  verifyEmail,
  type TestApp,
  startAppWithMail,
} from '../../../test/support/app.ts';
import { linkIn, type MailCatcher } from '../../../test/support/mail-catcher.ts';
import { api, fundFromHouse, verifiedWithBank } from '../../../test/support/money-helpers.ts';
import { totpCode, turnOnTotp } from '../../../test/support/two-factor.ts';

/**
 * ADR 033: a signed-in user changes the account's e-mail. The mail arrives at a real SMTP server
 * started here; every step goes through the real routes.
 */
describe.each(availableDrivers())('e-mail change on %s', (driver) => {
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail(driver));
  });
  afterAll(() => close());

  const http = () => api(t.app);
  const freshAddress = () => newUser().email;
  const change = (
    user: { cookie: string; password: string },
    newEmail: string,
    headers: Record<string, string> = {},
  ) =>
    http().post(
      '/api/auth/email/change',
      user.cookie,
      { newEmail, currentPassword: user.password },
      headers,
    );
  const confirm = (token: string) =>
    http().post('/api/auth/email/change/confirm', undefined, { token });
  const tokenOf = async (to: string) =>
    linkIn(
      await mail.waitForTo(to, 'Confirm your new email'),
      '/confirm-email-change',
    ).searchParams.get('token')!;
  const emailOf = async (userId: string) =>
    (
      await t.app.db.query<{ email: string; email_verified_at: Date | null }>(
        'SELECT email, email_verified_at FROM users WHERE id = $1',
        [userId],
      )
    )[0]!;

  it('a link to the new address makes the change, once; the old address is told twice', async () => {
    const user = await signUp(t.app);
    const next = freshAddress();
    const asked = await change(user, next.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(messages.security.emailChangeSent(next));
    const notice = await mail.waitForTo(user.email, 'A change of your Sikka email');
    expect(notice.text).toContain(next);
    const token = await tokenOf(next);
    // Nothing changes until the link is followed.
    expect((await emailOf(user.id)).email).toBe(user.email);

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: messages.security.emailChanged(next), email: next });
    const row = await emailOf(user.id);
    expect(row.email).toBe(next);
    expect(row.email_verified_at).toBeInstanceOf(Date);
    const told = await mail.waitForTo(user.email, 'Your Sikka email was changed');
    expect(told.text).toContain(next);
    expect(told.text).not.toContain(token);

    // The link works once; the session goes on; sign-in takes the new address only.
    expect((await confirm(token)).json().error.code).toBe('link_invalid');
    const me = await http().get('/api/auth/session', user.cookie);
    expect(me.json().user.email).toBe(next);
    const login = (email: string) =>
      http().post('/api/auth/login', undefined, {
        email,
        password: user.password,
        rememberMe: false,
      });
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);
    // The audit log has both steps, with the addresses.
    const audit = await t.app.db.query<{ action: string; after: Record<string, string> }>(
      `SELECT action, after FROM audit_log WHERE subject_user_id = $1
          AND action LIKE 'security.email_change%' ORDER BY created_at, id`,
      [user.id],
    );
    expect(audit).toEqual([
      { action: 'security.email_change_requested', after: { email: next } },
      { action: 'security.email_changed', after: { from: user.email, to: next } },
    ]);
  });

  it('refuses a wrong password, the same address, a look-alike, and an admin', async () => {
    const user = await signUp(t.app);
    const wrong = await http().post('/api/auth/email/change', user.cookie, {
      newEmail: freshAddress(),
      currentPassword: `${user.password}x`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      currentPassword: messages.security.currentPasswordWrong,
    });
    const same = await change(user, user.email.toUpperCase());
    expect(same.json().error.fields).toEqual({ newEmail: messages.security.emailSameAsCurrent });
    const other = await signUp(t.app, { email: `ravi.kumar.${Date.now()}@example.com` });
    const lookalike = await change(user, other.email.replace('ravi.kumar', 'ravi.kurnar'));
    expect(lookalike.statusCode).toBe(409);
    expect(lookalike.json().error.code).toBe('email_confusable');
    const bad = await change(user, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('newEmail');

    const admin = await logInAdmin(t.app);
    t.advance(30_000); // a code of a new step: the sign-in used this one
    const byAdmin = await http().post(
      '/api/auth/email/change',
      admin,
      { newEmail: freshAddress(), currentPassword: ADMIN.password },
      { 'x-two-factor-code': totpCode(adminTotpSecret(t.app), t.app.clock()) },
    );
    expect(byAdmin.json().error).toEqual({
      code: 'invalid_state',
      message: messages.security.emailChangeAdmin,
    });
    // Nothing was sent or changed for any of them.
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('an address that has an account gets a mail saying so, and the same answer; no change', async () => {
    const user = await signUp(t.app);
    const owner = await signUp(t.app);
    const asked = await change(user, owner.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(messages.security.emailChangeSent(owner.email));
    const told = await mail.waitForTo(owner.email, 'Your email and Sikka');
    expect(told.text).toContain('already has a Sikka account');
    expect(told.text).not.toContain('/confirm-email-change');
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('only the latest link works; one whose address was taken meanwhile is refused', async () => {
    const user = await signUp(t.app);
    const first = freshAddress();
    const second = freshAddress();
    await change(user, first);
    const firstToken = await tokenOf(first);
    await change(user, second);
    const secondToken = await tokenOf(second);
    expect((await confirm(firstToken)).json().error.code).toBe('link_invalid');

    // Someone signs up with the second address before the link is followed.
    await signUp(t.app, { email: second });
    expect((await confirm(secondToken)).json().error.code).toBe('link_invalid');
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('asks for the second factor when it is on', async () => {
    const user = await signUp(t.app);
    const secret = await turnOnTotp(t, user.cookie);
    const next = freshAddress();
    expect((await change(user, next)).json().error.code).toBe('two_factor_required');
    const ok = await change(user, next, { 'x-two-factor-code': totpCode(secret, t.app.clock()) });
    expect(ok.statusCode, ok.body).toBe(202);
  });

  it('withdrawals pause for 24 hours after a change, then open', async () => {
    const user = await verifiedWithBank(t.app);
    await verifyEmail(t.app.db, user.id);
    await fundFromHouse(t.app.db, user.id, 'INR', '5000');
    const withdraw = (key: string) =>
      http().post(
        '/api/withdrawals',
        user.cookie,
        { amount: '500', bankAccountId: user.accountId },
        { 'idempotency-key': key },
      );
    const next = freshAddress();
    await change(user, next);
    await confirm(await tokenOf(next));

    const paused = await withdraw('hold-1');
    expect(paused.statusCode, paused.body).toBe(403);
    expect(paused.json().error.code).toBe('withdrawals_paused');
    expect(paused.json().error.message).toMatch(/^Withdrawals are paused for 24 hours .* IST\.$/);
    const crypto = await http().post(
      '/api/crypto/withdrawals',
      user.cookie,
      { asset: 'USDT', amount: '1', address: `0x${'1'.repeat(40)}`, beneficiary: { kind: 'own' } },
      { 'idempotency-key': 'hold-2' },
    );
    expect(crypto.statusCode, crypto.body).toBe(403);
    expect(crypto.json().error.code).toBe('withdrawals_paused');

    t.advance(EMAIL_CHANGE_HOLD_MS - 60_000);
    expect((await withdraw('hold-3')).json().error.code).toBe('withdrawals_paused');
    t.advance(61_000);
    const open = await withdraw('hold-4');
    expect(open.statusCode, open.body).toBe(201);
  });
});
