import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  ADMIN,
  adminTotpSecret,
  logInAdmin,
  sessionCookie,
  signUp,
  verifyEmail,
  verifyKyc,
  type TestApp,
  startAppWithMail,
} from '../../../test/support/app.ts';
import { linkIn, type MailCatcher } from '../../../test/support/mail-catcher.ts';
import { api, fundFromHouse, verifiedWithBank } from '../../../test/support/money-helpers.ts';
import { totpCode, turnOnTotp } from '../../../test/support/two-factor.ts';
import { cancelOrdersOfFrozenAccounts } from '../src/spot/orders.ts';

/**
 * ADR 035: the owner freezes the account, from the Security page or from the link in a
 * new-sign-in mail, and only the admin unfreezes it. Mail arrives at a real SMTP server started
 * here; the spot exchange runs, so resting orders are cancelled through their engine.
 */
describe.each(availableDrivers())('account freeze on %s', (driver) => {
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail(driver, {
      SPOT_TRADING: true,
      SPOT_MARKET_MAKER: 'off',
    }));
  });
  afterAll(() => close());

  const http = () => api(t.app);
  const login = (email: string, password: string) =>
    http().post('/api/auth/login', undefined, { email, password });
  const me = (cookie: string) => http().get('/api/me', cookie);
  const frozenAt = async (userId: string) =>
    (
      await t.app.db.query<{ frozen_at: Date | null; frozen_via: string | null }>(
        'SELECT frozen_at, frozen_via FROM users WHERE id = $1',
        [userId],
      )
    )[0]!;
  /** The freeze link of the newest new-sign-in mail to `email`. */
  const freezeToken = async (email: string, after = 0) => {
    const m = await mail.waitFor(
      (x) =>
        x.to.includes(email) &&
        x.subject.includes('New sign-in') &&
        mail.messages.indexOf(x) >= after,
    );
    expect(m.text).toContain('Not you, and cannot sign in? Freeze your account now: ');
    expect(m.html).toContain('Freeze your account now</a>');
    return linkIn(m, '/freeze-account').searchParams.get('token')!;
  };
  const confirm = (token: string) => http().post('/api/auth/freeze/confirm', undefined, { token });

  it('from the Security page: sessions end, a pending withdrawal is cancelled, orders too, and no one signs in', async () => {
    const user = await verifiedWithBank(t.app);
    await verifyEmail(t.app.db, user.id);
    await verifyKyc(t.app.db, user.id);
    await fundFromHouse(t.app.db, user.id, 'INR', '5000');
    const second = sessionCookie(await login(user.email, user.password));
    const withdrawal = await http().post(
      '/api/withdrawals',
      user.cookie,
      { amount: '500', bankAccountId: user.accountId },
      { 'idempotency-key': 'freeze-1' },
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const order = await http().post('/api/spot/orders', user.cookie, {
      market: 'USDT-INR',
      side: 'buy',
      type: 'limit',
      price: '80',
      quantity: '10',
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().order.status).toBe('open');

    const res = await http().post('/api/auth/freeze', user.cookie, {
      currentPassword: user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.security.accountFrozenNow,
      withdrawalsCancelled: 1,
      ordersCancelled: 1,
    });
    expect(res.cookies.find((c) => c.name === 'sikka_session')?.value).toBe('');
    expect((await frozenAt(user.id)).frozen_via).toBe('security_page');
    // Every session is gone, this one and the other.
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    // The withdrawal's hold and the order's reservation are back in the balance.
    const [row] = await t.app.db.query<{ balance: string; inr_held: string; inr_reserved: string }>(
      'SELECT balance::text, inr_held::text, inr_reserved::text FROM users WHERE id = $1',
      [user.id],
    );
    expect(row).toEqual({ balance: '5000.00', inr_held: '0.00', inr_reserved: '0.00' });
    const [w] = await t.app.db.query<{ status: string }>(
      'SELECT status FROM withdrawals WHERE id = $1',
      [withdrawal.json().withdrawal?.id ?? withdrawal.json().id],
    );
    expect(w?.status).toBe('cancelled');

    // The right password is told the account is frozen; a wrong one learns nothing more.
    const again = await login(user.email, user.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toEqual({
      code: 'account_frozen',
      message: messages.security.accountFrozen,
    });
    expect(again.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();
    expect((await login(user.email, 'not the password')).json().error.code).toBe(
      'invalid_credentials',
    );

    const told = await mail.waitForTo(user.email, 'Your Sikka account is frozen');
    expect(told.text).toContain('One withdrawal waiting for review was cancelled');
    const [audit] = await t.app.db.query<{ after: unknown }>(
      `SELECT after FROM audit_log WHERE subject_user_id = $1 AND action = 'security.account_frozen'`,
      [user.id],
    );
    expect(audit?.after).toEqual({ via: 'security_page', withdrawalsCancelled: 1 });
  });

  it('from the link of a new-sign-in mail, without signing in; the link works once, and earlier ones too', async () => {
    const user = await signUp(t.app);
    const before = mail.messages.length;
    await login(user.email, user.password);
    const first = await freezeToken(user.email, before);
    const between = mail.messages.length;
    const other = sessionCookie(await login(user.email, user.password));
    const second = await freezeToken(user.email, between);
    expect(second).not.toBe(first);

    // The first mail's link still works after the second was sent.
    const res = await confirm(first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawalsCancelled).toBe(0);
    expect((await frozenAt(user.id)).frozen_via).toBe('mail_link');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(401);

    const reused = await confirm(first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('link_invalid');
    const late = await confirm(second);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(messages.security.accountAlreadyFrozen);
    expect((await confirm('x'.repeat(43))).json().error.code).toBe('link_invalid');
  });

  it('a sign-in proven before the freeze gets no session after it (two-factor step)', async () => {
    const user = await signUp(t.app);
    const secret = await turnOnTotp(t, user.cookie);
    const step = await login(user.email, user.password);
    expect(step.json().twoFactorRequired).toBe(true);
    // The password is proven, the code not yet: the owner freezes from the Security page.
    expect(
      (await http().post('/api/auth/freeze', user.cookie, { currentPassword: user.password }))
        .statusCode,
    ).toBe(200);
    const code = await http().post(
      '/api/auth/login/two-factor',
      step.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      { code: totpCode(secret, t.app.clock()) },
    );
    expect(code.statusCode, code.body).toBe(403);
    expect(code.json().error.code).toBe('account_frozen');
    expect(code.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();
  });

  it('orders left resting by a stop between the freeze and its cancels are cancelled by the sweep', async () => {
    const user = await signUp(t.app);
    await verifyKyc(t.app.db, user.id);
    await fundFromHouse(t.app.db, user.id, 'INR', '2000');
    const order = await http().post('/api/spot/orders', user.cookie, {
      market: 'USDT-INR',
      side: 'buy',
      type: 'limit',
      price: '81',
      quantity: '5',
    });
    expect(order.statusCode, order.body).toBe(201);
    // As freeze_account() leaves it when the instance stops before cancelling the orders.
    await t.app.db.query('SELECT freeze_account($1::uuid, $2)', [user.id, 'security_page']);
    const exchange = t.app.spot!.exchange;
    expect(await cancelOrdersOfFrozenAccounts(t.app.db, exchange)).toBe(1);
    const [row] = await t.app.db.query<{ status: string; inr_reserved: string }>(
      `SELECT o.status, u.inr_reserved::text FROM spot_orders o JOIN users u ON u.id = o.user_id
        WHERE o.id = $1`,
      [order.json().order.id],
    );
    expect(row).toEqual({ status: 'cancelled', inr_reserved: '0.00' });
    expect(await cancelOrdersOfFrozenAccounts(t.app.db, exchange)).toBe(0);
  });

  it('only the admin unfreezes, once; the owner is told and signs in again', async () => {
    const user = await signUp(t.app);
    expect(
      (await http().post('/api/auth/freeze', user.cookie, { currentPassword: user.password }))
        .statusCode,
    ).toBe(200);
    const admin = await logInAdmin(t.app);
    const list = await http().get(
      `/api/admin/users?search=${encodeURIComponent(user.email)}`,
      admin,
    );
    expect(list.json().items[0].frozenAt).toEqual(expect.any(String));

    const res = await http().post(`/api/admin/users/${user.id}/unfreeze`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.security.accountUnfrozen);
    expect(res.json().user).toMatchObject({ id: user.id, frozenAt: null });
    expect((await http().post(`/api/admin/users/${user.id}/unfreeze`, admin)).statusCode).toBe(409);
    expect((await http().post('/api/admin/users/not-a-uuid/unfreeze', admin)).statusCode).toBe(404);
    await mail.waitForTo(user.email, 'Your Sikka account is unfrozen');
    const back = await login(user.email, user.password);
    expect(back.statusCode, back.body).toBe(200);
    const [audit] = await t.app.db.query<{ actor_id: string }>(
      `SELECT actor_id::text FROM audit_log WHERE subject_user_id = $1 AND action = 'security.account_unfrozen'`,
      [user.id],
    );
    expect(audit?.actor_id).not.toBe(user.id);
  });

  it('a user cannot unfreeze, and a signed-out request cannot freeze', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    expect(
      (await http().post('/api/auth/freeze', other.cookie, { currentPassword: other.password }))
        .statusCode,
    ).toBe(200);
    const res = await http().post(`/api/admin/users/${other.id}/unfreeze`, user.cookie);
    expect(res.statusCode).toBe(403);
    expect((await frozenAt(other.id)).frozen_at).toBeInstanceOf(Date);
    expect(
      (await http().post('/api/auth/freeze', undefined, { currentPassword: user.password }))
        .statusCode,
    ).toBe(401);
    // A session alone is not enough: the password is asked for.
    const wrong = await http().post('/api/auth/freeze', user.cookie, {
      currentPassword: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe(messages.security.currentPasswordWrong);
    // The admin cannot freeze the admin account.
    const admin = await logInAdmin(t.app);
    const adminFreeze = await http().post(
      '/api/auth/freeze',
      admin,
      { currentPassword: ADMIN.password },
      { 'x-two-factor-code': totpCode(adminTotpSecret(t.app), t.app.clock()) },
    );
    expect(adminFreeze.statusCode, adminFreeze.body).toBe(409);
    expect(adminFreeze.json().error.message).toBe(messages.security.accountFreezeAdmin);
    expect((await frozenAt(user.id)).frozen_at).toBeNull();
  });
});
