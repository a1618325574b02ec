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
import { softwarePasskey, type SoftwarePasskey } from '../../../test/support/software-passkey.ts';
import { totpCode, turnOnTotp } from '../../../test/support/two-factor.ts';
import { issueFreezeLink } from '../src/auth/account-freeze.ts';
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
  const check = (token: string) => http().post('/api/auth/freeze/check', undefined, { token });

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
      signedOut: true,
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
    expect(told.text).toContain('One withdrawal not yet sent was cancelled');
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

    // Asking what a link would do uses nothing up, however often it is asked.
    for (let i = 0; i < 2; i++) {
      const usable = await check(first);
      expect(usable.statusCode, usable.body).toBe(200);
      expect(usable.json()).toEqual({ usable: true });
    }
    expect(await frozenAt(user.id)).toEqual({ frozen_at: null, frozen_via: null });

    // The first mail's link still works after the second was sent.
    const res = await confirm(first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawalsCancelled).toBe(0);
    expect((await frozenAt(user.id)).frozen_via).toBe('mail_link');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(401);

    expect(res.json().signedOut).toBe(false);
    expect(res.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();

    // The check says what confirming would, before anyone clicks.
    for (const ask of [check, confirm]) {
      const reused = await ask(first);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.code).toBe('link_invalid');
      const late = await ask(second);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(messages.security.accountAlreadyFrozen);
      expect((await ask('x'.repeat(43))).json().error.code).toBe('link_invalid');
    }
  });

  it('an expired link: the check and the confirm both refuse it, and nothing is frozen', async () => {
    const user = await signUp(t.app);
    const before = mail.messages.length;
    await login(user.email, user.password);
    const token = await freezeToken(user.email, before);
    expect((await check(token)).statusCode).toBe(200);
    await t.app.db.query(
      `UPDATE email_tokens SET expires_at = $2
        WHERE user_id = $1 AND purpose = 'account_freeze'`,
      [user.id, new Date(t.app.clock().getTime() - 1000)],
    );
    for (const ask of [check, confirm]) {
      const res = await ask(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('link_invalid');
    }
    expect(await frozenAt(user.id)).toEqual({ frozen_at: null, frozen_via: null });
  });

  it('a link opened where another account is signed in freezes its own account and leaves that session', async () => {
    const owner = await signUp(t.app);
    const before = mail.messages.length;
    await login(owner.email, owner.password);
    const token = await freezeToken(owner.email, before);
    const neighbour = await signUp(t.app);

    const res = await http().post('/api/auth/freeze/confirm', neighbour.cookie, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signedOut).toBe(false);
    expect(res.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();
    expect((await frozenAt(owner.id)).frozen_via).toBe('mail_link');
    expect((await frozenAt(neighbour.id)).frozen_at).toBeNull();
    expect((await me(neighbour.cookie)).json().user.id).toBe(neighbour.id);

    // Opened in the owner's own signed-in browser, the cookie goes with the session.
    const other = await signUp(t.app);
    const at = mail.messages.length;
    await login(other.email, other.password);
    const own = await http().post('/api/auth/freeze/confirm', other.cookie, {
      token: await freezeToken(other.email, at),
    });
    expect(own.json().signedOut).toBe(true);
    expect(own.cookies.find((c) => c.name === 'sikka_session')?.value).toBe('');
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

  it('a passkey does not sign in to a frozen account, and the refusal sets no session', async () => {
    const user = await signUp(t.app);
    const key = softwarePasskey();
    // Stored as a registration would have (its own suite tests the ceremony).
    await t.app.db.query(
      `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at)
       VALUES ($1, $2, $3, 0, '{internal}', 'Test key', now())`,
      [key.id, user.id, key.publicKey],
    );
    const origin = t.app.publicOrigins.list().find((o) => o.includes('localhost'))!;
    const passkeyLogin = async (passkey: SoftwarePasskey) => {
      const options = await http().post('/api/auth/passkeys/login-options', undefined, undefined, {
        origin,
      });
      expect(options.statusCode, options.body).toBe(200);
      const ceremony = options.cookies.find((c) => c.name === 'sikka_passkey')!;
      return http().post(
        '/api/auth/passkeys/login',
        `${ceremony.name}=${ceremony.value}`,
        { response: passkey.assert(options.json().challenge, origin), rememberMe: false },
        { origin },
      );
    };
    // The same key signs in before the freeze: the refusal below is the freeze's.
    const before = await passkeyLogin(key);
    expect(before.statusCode, before.body).toBe(200);
    expect(
      (await http().post('/api/auth/freeze', user.cookie, { currentPassword: user.password }))
        .statusCode,
    ).toBe(200);
    const after = await passkeyLogin(key);
    expect(after.statusCode, after.body).toBe(403);
    expect(after.json().error).toMatchObject({
      code: 'account_frozen',
      message: messages.security.accountFrozen,
    });
    expect(after.cookies.find((c) => c.name === 'sikka_session')).toBeUndefined();
    const [sessions] = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(sessions!.n).toBe(0);
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

  /** A crypto withdrawal of 25 USDT (fee 1) asked for in SQL: no chain runs in this suite. */
  const cryptoWithdrawal = async (userId: string, to: string) =>
    (
      await t.app.db.query<{ id: string }>(
        `SELECT id FROM request_chain_withdrawal($1::uuid, 31337, 'USDT', $2, 25, 1, 10, 100000, 6,
                                                 'own', NULL)`,
        [userId, to],
      )
    )[0]!.id;
  const cryptoStatus = async (id: string) =>
    (
      await t.app.db.query<{ status: string }>(
        'SELECT status FROM chain_withdrawals WHERE id = $1',
        [id],
      )
    )[0]!.status;
  /**
   * The admin's approval of a crypto withdrawal, as its route makes it (the route itself needs
   * the chain, which this suite does not run; chain-withdrawals.test.ts covers it).
   */
  const approveCrypto = (id: string) =>
    t.app.db.transaction((tx) =>
      tx.query(
        `SELECT 1 FROM approve_chain_withdrawal($1::uuid, (SELECT id FROM users WHERE role = 'admin'))`,
        [id],
      ),
    );
  const usdt = async (userId: string) =>
    (
      await t.app.db.query<{ balance: string; held: string }>(
        `SELECT balance::text, held::text FROM wallets WHERE user_id = $1 AND coin_symbol = 'USDT'`,
        [userId],
      )
    )[0];

  it('an approved crypto withdrawal the hot wallet has not signed is cancelled; a signed one goes out', async () => {
    const user = await signUp(t.app);
    await verifyKyc(t.app.db, user.id);
    await fundFromHouse(t.app.db, user.id, 'USDT', '100');
    const admin = await logInAdmin(t.app);
    const approved = await cryptoWithdrawal(user.id, `0x${'a1'.repeat(20)}`);
    const signed = await cryptoWithdrawal(user.id, `0x${'b2'.repeat(20)}`);
    for (const id of [approved, signed]) await approveCrypto(id);
    // The hot wallet signs the second (as WithdrawalSender does): it holds a nonce now.
    const hot = `0x${'c3'.repeat(20)}`;
    await t.app.db.transaction(async (tx) => {
      await tx.query('SELECT lock_chain_nonce(31337, $1, 0)', [hot]);
      await tx.query('SELECT 1 FROM sign_chain_withdrawal($1::uuid, $2, 0, $3, $4)', [
        signed,
        hot,
        '0x02f8',
        `0x${'d4'.repeat(32)}`,
      ]);
    });
    expect(await usdt(user.id)).toEqual({ balance: '48.00000000', held: '52.00000000' });

    const res = await http().post('/api/auth/freeze', user.cookie, {
      currentPassword: user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawalsCancelled).toBe(1);
    expect(await cryptoStatus(approved)).toBe('cancelled');
    expect(await cryptoStatus(signed)).toBe('signed');
    // The approved one's 26 USDT are back; the signed one's stay held until it completes.
    expect(await usdt(user.id)).toEqual({ balance: '74.00000000', held: '26.00000000' });
    // The hot wallet's next step cannot sign what the freeze cancelled.
    await expect(
      t.app.db.transaction((tx) =>
        tx.query('SELECT 1 FROM sign_chain_withdrawal($1::uuid, $2, 1, $3, $4)', [
          approved,
          hot,
          '0x02f8',
          `0x${'e5'.repeat(32)}`,
        ]),
      ),
    ).rejects.toMatchObject({ code: 'SK003' });
    // Unfreezing does not bring it back.
    expect((await http().post(`/api/admin/users/${user.id}/unfreeze`, admin)).statusCode).toBe(200);
    expect(await cryptoStatus(approved)).toBe('cancelled');
    const [audit] = await t.app.db.query<{ actor_id: string }>(
      `SELECT actor_id::text FROM audit_log
        WHERE target_id = $1 AND action = 'chain_withdrawal.cancelled'`,
      [approved],
    );
    expect(audit?.actor_id).toBe(user.id);
  });

  /**
   * Runs the steps while this test holds the user's row lock, each started once the one before
   * waits on that lock (real PostgreSQL: a queue in that order), then lets them all go. PGlite
   * has one connection: the steps run in turn, in that order.
   */
  async function queuedOnUser<A, B, C>(
    userId: string,
    ...steps: [() => Promise<A>, () => Promise<B>, () => Promise<C>]
  ): Promise<[A, B, C]> {
    if (driver !== 'postgres')
      return Promise.all(steps.map((step) => step())) as Promise<[A, B, C]>;
    const waiting = async () =>
      Number(
        (
          await t.app.db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          )
        )[0]!.n,
      );
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let locked!: () => void;
    const isLocked = new Promise<void>((done) => (locked = done));
    const holder = t.app.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      locked();
      await released;
    });
    await isLocked;
    const running: Array<Promise<unknown>> = [];
    for (const step of steps) {
      running.push(step());
      const queued = running.length;
      await expect.poll(waiting, { timeout: 10_000, interval: 5 }).toBe(queued);
    }
    release();
    await holder;
    return Promise.all(running) as Promise<[A, B, C]>;
  }

  it('a freeze and the admin approving the same withdrawals at once: one waits for the other, the books agree', async () => {
    const admin = await logInAdmin(t.app);
    for (let round = 0; round < 6; round += 1) {
      const user = await verifiedWithBank(t.app);
      await fundFromHouse(t.app.db, user.id, 'INR', '5000');
      await fundFromHouse(t.app.db, user.id, 'USDT', '100');
      const inr = await http().post(
        '/api/withdrawals',
        user.cookie,
        { amount: '500', bankAccountId: user.accountId },
        { 'idempotency-key': `freeze-race-${round}` },
      );
      expect(inr.statusCode, inr.body).toBe(201);
      const inrId: string = inr.json().withdrawal.id;
      const cryptoId = await cryptoWithdrawal(user.id, `0x${'f6'.repeat(20)}`);

      // The mail link's way (no password to check first). Even rounds queue the freeze first,
      // odd ones the admin's two approvals: all three are waiting on the user at once.
      const token = await issueFreezeLink(t.app.db, user, new Date());
      const freezeFirst = round % 2 === 0;
      const freezing = () => confirm(token);
      const paying = () =>
        http().post(`/api/admin/withdrawals/${inrId}/approve`, admin, {
          utrNumber: `UTRRACE${round}${Date.now()}`.slice(0, 22),
        });
      const approving = () =>
        approveCrypto(cryptoId).then(
          () => 200,
          (err: { code?: string }) => (err.code === 'SK003' ? 409 : Promise.reject(err)),
        );
      let freeze: Awaited<ReturnType<typeof freezing>>;
      let payout: Awaited<ReturnType<typeof paying>>;
      let approval: number;
      if (freezeFirst) {
        [freeze, payout, approval] = await queuedOnUser(user.id, freezing, paying, approving);
      } else {
        [payout, approval, freeze] = await queuedOnUser(user.id, paying, approving, freezing);
      }
      if (driver === 'postgres') {
        // The lock queue decides: whoever waited first acts, the others find it decided.
        expect(payout.statusCode).toBe(freezeFirst ? 409 : 200);
        expect(approval).toBe(freezeFirst ? 409 : 200);
      }
      // Nothing fails for the race itself: no deadlock, no 500.
      expect(freeze.statusCode, freeze.body).toBe(200);
      expect([200, 409], payout.body).toContain(payout.statusCode);
      expect([200, 409]).toContain(approval);

      const [w] = await t.app.db.query<{ status: string }>(
        'SELECT status FROM withdrawals WHERE id = $1',
        [inrId],
      );
      const [balances] = await t.app.db.query<{ balance: string; inr_held: string }>(
        'SELECT balance::text, inr_held::text FROM users WHERE id = $1',
        [user.id],
      );
      if (payout.statusCode === 200) {
        // Paid before the freeze took the user: it had nothing of it left to cancel.
        expect(w?.status).toBe('paid');
        expect(balances).toEqual({ balance: '4500.00', inr_held: '0.00' });
      } else {
        expect(payout.json().error.code).toBe('invalid_state');
        expect(w?.status).toBe('cancelled');
        expect(balances).toEqual({ balance: '5000.00', inr_held: '0.00' });
      }
      // Approved first or not, the crypto withdrawal was not signed: the freeze cancels it.
      expect(await cryptoStatus(cryptoId)).toBe('cancelled');
      expect(await usdt(user.id)).toEqual({ balance: '100.00000000', held: '0.00000000' });
      expect(freeze.json().withdrawalsCancelled).toBe(payout.statusCode === 200 ? 1 : 2);
    }
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
