import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@sikka/contracts';
import { availableDrivers, pgUrl } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUp,
  verifyEmail,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { api, fund, pool, verifiedWithBank } from '../../../test/support/money-helpers.ts';

const errorCode = (res: LightMyRequestResponse): string => {
  try {
    return (res.json() as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    return '';
  }
};

describe.each(availableDrivers())('INR withdrawals on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const balanceOf = async (cookie: string) => (await http.get('/api/me', cookie)).json().balances;
  const withdraw = (cookie: string, amount: unknown, bankAccountId: string, key?: string) =>
    http.post(
      '/api/withdrawals',
      cookie,
      { amount, bankAccountId },
      key ? { 'idempotency-key': key } : {},
    );
  const ledgerOf = async (id: string) =>
    t.app.db.query<{ operation_type: string; account: string; amount: string }>(
      `SELECT operation_type, account, amount::text AS amount FROM ledger_entries
        WHERE operation_id = $1 ORDER BY id`,
      [id],
    );

  it('lists the KYC bank account as verified and masked, to its owner only', async () => {
    const u = await verifiedWithBank(t.app);
    const res = await http.get('/api/me/bank-accounts', u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().bankAccounts).toEqual([
      expect.objectContaining({
        id: u.accountId,
        source: 'kyc',
        accountNumber: 'XXXXXXXX1234',
        ifscCode: 'SBIN0001234',
        bankName: 'State Bank of India',
        accountHolderName: u.fullName,
        status: 'verified',
      }),
    ]);
    const other = await verifiedWithBank(t.app);
    expect((await http.get('/api/me/bank-accounts', other.cookie)).json().bankAccounts).toEqual([
      expect.objectContaining({ id: other.accountId }),
    ]);
  });

  it('request → hold: available down, held up, two ledger entries; cancel → released', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '5000');
    const res = await withdraw(u.cookie, '1200.5', u.accountId);
    expect(res.statusCode).toBe(201);
    const { withdrawal, balances } = res.json();
    expect(withdrawal).toMatchObject({
      amount: '1200.50',
      status: 'pending',
      bankAccount: { id: u.accountId, accountNumber: 'XXXXXXXX1234', ifscCode: 'SBIN0001234' },
      utrNumber: null,
      rejectionReason: null,
      decidedAt: null,
    });
    expect(balances).toEqual({ inr: '3799.50', inrHeld: '1200.50', usdt: '0.00000000' });
    expect(await balanceOf(u.cookie)).toEqual(balances);
    expect(await ledgerOf(withdrawal.id)).toEqual([
      { operation_type: 'withdrawal_hold', account: 'user', amount: '-1200.50000000' },
      { operation_type: 'withdrawal_hold', account: 'user_held', amount: '1200.50000000' },
    ]);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);

    const cancelled = await http.post(`/api/withdrawals/${withdrawal.id}/cancel`, u.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().withdrawal.status).toBe('cancelled');
    expect(cancelled.json().balances).toEqual({
      inr: '5000.00',
      inrHeld: '0.00',
      usdt: '0.00000000',
    });
    expect((await ledgerOf(withdrawal.id)).slice(2)).toEqual([
      { operation_type: 'withdrawal_release', account: 'user_held', amount: '-1200.50000000' },
      { operation_type: 'withdrawal_release', account: 'user', amount: '1200.50000000' },
    ]);
    const again = await http.post(`/api/withdrawals/${withdrawal.id}/cancel`, u.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'invalid_state',
      message: messages.withdrawals.notPending('cancelled'),
    });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('approve → paid: held leaves to bank_payout, once, audited, shown with its UTR', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '3000');
    const id = (await withdraw(u.cookie, '1000', u.accountId)).json().withdrawal.id as string;
    const approved = await http.post(`/api/admin/withdrawals/${id}/approve`, admin, {
      utrNumber: 'hdfcp1234567',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().withdrawal).toMatchObject({
      id,
      status: 'paid',
      utrNumber: 'HDFCP1234567',
      user: { id: u.id, email: u.email },
      bankAccount: { source: 'kyc', accountHolderName: u.fullName },
    });
    expect(await balanceOf(u.cookie)).toEqual({
      inr: '2000.00',
      inrHeld: '0.00',
      usdt: '0.00000000',
    });
    expect((await ledgerOf(id)).slice(2)).toEqual([
      { operation_type: 'withdrawal_payout', account: 'user_held', amount: '-1000.00000000' },
      { operation_type: 'withdrawal_payout', account: 'bank_payout', amount: '1000.00000000' },
    ]);
    const own = (await http.get('/api/withdrawals', u.cookie)).json().withdrawals;
    expect(own).toEqual([
      expect.objectContaining({ id, status: 'paid', utrNumber: 'HDFCP1234567' }),
    ]);

    for (const res of [
      await http.post(`/api/admin/withdrawals/${id}/approve`, admin, { utrNumber: 'OTHER123456' }),
      await http.post(`/api/admin/withdrawals/${id}/reject`, admin, { reason: 'late' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(messages.withdrawals.notPending('paid'));
    }
    // The same payout reference cannot pay a second withdrawal.
    const second = (await withdraw(u.cookie, '500', u.accountId)).json().withdrawal.id as string;
    const dup = await http.post(`/api/admin/withdrawals/${second}/approve`, admin, {
      utrNumber: 'HDFCP1234567',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'duplicate_utr',
      message: messages.withdrawals.payoutUtrDuplicate,
    });

    const audit = await t.app.db.query<{ action: string; actor_id: string }>(
      `SELECT action, actor_id::text FROM audit_log WHERE target_id = $1`,
      [id],
    );
    const adminId = (
      await t.app.db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin'`)
    )[0]!.id;
    expect(audit).toEqual([{ action: 'withdrawal.paid', actor_id: adminId }]);
    const listed = await http.get('/api/admin/withdrawals?search=hdfcp123&status=paid', admin);
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id }] });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('reject → the hold goes back, with the reason for the user', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '800');
    const id = (await withdraw(u.cookie, '800', u.accountId)).json().withdrawal.id as string;
    const blank = await http.post(`/api/admin/withdrawals/${id}/reject`, admin, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    const res = await http.post(`/api/admin/withdrawals/${id}/reject`, admin, {
      reason: 'Account name does not match',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Account name does not match',
    });
    expect(await balanceOf(u.cookie)).toEqual({
      inr: '800.00',
      inrHeld: '0.00',
      usdt: '0.00000000',
    });
    const own = (await http.get('/api/withdrawals?limit=1', u.cookie)).json().withdrawals;
    expect(own[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Account name does not match',
    });
    const audit = await http.get(`/api/admin/audit?search=withdrawal.rejected`, admin);
    expect(audit.json().items[0]).toMatchObject({ targetType: 'withdrawal', targetId: id });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('refuses amounts outside the bounds and over the daily total, with the messages', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '1000000');
    await fund(t.app, u.cookie, admin, '500000');
    const limits = await http.get('/api/withdrawals/limits', u.cookie);
    expect(limits.json()).toEqual({
      minAmount: '100.00',
      maxAmount: '1000000.00',
      dailyLimit: '1000000.00',
      usedToday: '0.00',
      remainingToday: '1000000.00',
    });
    for (const [amount, message] of [
      ['99.99', messages.withdrawals.amountMin('100')],
      ['1000000.01', messages.withdrawals.amountMax('10,00,000')],
    ] as const) {
      const res = await withdraw(u.cookie, amount, u.accountId);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'withdrawal_limit',
        message,
        fields: { amount: message },
      });
    }
    for (const [amount, message] of [
      ['abc', messages.deposits.amountNumeric],
      ['100.001', messages.deposits.amountDecimals],
      [100, messages.money.amountAsString],
      ['0', messages.money.amountPositive],
    ] as const) {
      const res = await withdraw(u.cookie, amount, u.accountId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ amount: message });
    }
    expect((await withdraw(u.cookie, '999900', u.accountId)).statusCode).toBe(201);
    const over = await withdraw(u.cookie, '100.01', u.accountId);
    const message = messages.withdrawals.dailyLimit('10,00,000', '100.00');
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toEqual({
      code: 'withdrawal_limit',
      message,
      fields: { amount: message },
    });
    expect((await withdraw(u.cookie, '100', u.accountId)).statusCode).toBe(201);
    expect((await http.get('/api/withdrawals/limits', u.cookie)).json()).toMatchObject({
      usedToday: '1000000.00',
      remainingToday: '0.00',
    });
    expect(await balanceOf(u.cookie)).toEqual({
      inr: '500000.00',
      inrHeld: '1000000.00',
      usdt: '0.00000000',
    });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('takes its bounds from the configuration', async () => {
    const custom = await startTestApp(driver, {
      WITHDRAW_MIN_INR: '500',
      WITHDRAW_MAX_INR: '2000',
      WITHDRAW_DAILY_LIMIT_INR: '2500',
    });
    try {
      const c = api(custom.app);
      const u = await verifiedWithBank(custom.app);
      await fund(custom.app, u.cookie, await logInAdmin(custom.app), '10000');
      expect((await c.get('/api/withdrawals/limits', u.cookie)).json()).toMatchObject({
        minAmount: '500.00',
        maxAmount: '2000.00',
        dailyLimit: '2500.00',
      });
      const post = (amount: string) =>
        c.post('/api/withdrawals', u.cookie, { amount, bankAccountId: u.accountId });
      expect((await post('499')).json().error.message).toBe(messages.withdrawals.amountMin('500'));
      expect((await post('2000.50')).json().error.message).toBe(
        messages.withdrawals.amountMax('2,000'),
      );
      expect((await post('2000')).statusCode).toBe(201);
      expect((await post('600')).json().error.message).toBe(
        messages.withdrawals.dailyLimit('2,500', '500.00'),
      );
    } finally {
      await custom.close();
    }
  });

  it('requires verified KYC, a verified own account and enough available INR', async () => {
    const unverified = await signUp(t.app);
    // E-mail verified, KYC not: the KYC rule is the one that refuses.
    await verifyEmail(t.app.db, unverified.id);
    const someAccount = (await verifiedWithBank(t.app)).accountId;
    const kyc = await withdraw(unverified.cookie, '500', someAccount);
    expect(kyc.statusCode).toBe(403);
    expect(kyc.json().error).toMatchObject({
      code: 'kyc_required',
      message: messages.kycRequired.withdraw,
    });
    // KYC is answered first whatever the account id looks like, malformed included.
    expect((await withdraw(unverified.cookie, '500', 'not-a-uuid')).json().error.code).toBe(
      'kyc_required',
    );
    const addUnverified = await http.post('/api/me/bank-accounts', unverified.cookie, {
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
      accountHolderName: 'Asha Rao',
    });
    expect(addUnverified.statusCode).toBe(403);

    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '1000');
    const poor = await withdraw(u.cookie, '1000.01', u.accountId);
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error).toMatchObject({
      code: 'insufficient_inr',
      message: messages.quickBuy.insufficientInr,
    });
    // Someone else's account, a malformed id and an unknown one are all simply not found.
    for (const accountId of [someAccount, 'not-a-uuid', randomUUID()]) {
      const res = await withdraw(u.cookie, '500', accountId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await balanceOf(u.cookie)).toEqual({
      inr: '1000.00',
      inrHeld: '0.00',
      usdt: '0.00000000',
    });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('adds a bank account that is unusable until the admin verifies it', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '2000');
    const body = {
      accountNumber: '5010 0123 4567 89',
      ifscCode: 'hdfc0001234',
      bankName: 'HDFC Bank',
      accountHolderName: 'Asha Rao',
    };
    const added = await http.post('/api/me/bank-accounts', u.cookie, body);
    expect(added.statusCode).toBe(201);
    const account = added.json().bankAccount;
    expect(account).toMatchObject({
      source: 'added',
      accountNumber: 'XXXXXXXXXX6789',
      ifscCode: 'HDFC0001234',
      status: 'pending',
    });
    const dup = await http.post('/api/me/bank-accounts', u.cookie, body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'duplicate_bank_account',
      message: messages.bankAccounts.duplicate,
    });
    const bad = await http.post('/api/me/bank-accounts', u.cookie, {
      accountNumber: '12345',
      ifscCode: 'HDFC1234567',
      bankName: 'H',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      accountNumber: messages.kyc.accountNumberFormat,
      ifscCode: messages.kyc.ifscFormat,
      bankName: messages.kyc.bankNameLength,
      accountHolderName: messages.bankAccounts.holderNameRequired,
    });

    const refused = await withdraw(u.cookie, '500', account.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'bank_account_unverified',
      message: messages.withdrawals.bankAccountUnverified,
    });

    const pending = await http.get('/api/admin/bank-accounts?status=pending&search=hdfc', admin);
    expect(pending.json().items).toEqual(
      expect.arrayContaining([
        // Masked in the list too (ADR 014): the full number is in the admin's view of one account.
        expect.objectContaining({ id: account.id, accountNumber: 'XXXXXXXXXX6789' }),
      ]),
    );
    const verified = await http.post(`/api/admin/bank-accounts/${account.id}/verify`, admin);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().bankAccount.status).toBe('verified');
    expect(
      (await http.post(`/api/admin/bank-accounts/${account.id}/verify`, admin)).statusCode,
    ).toBe(409);
    const ok = await withdraw(u.cookie, '500', account.id);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().withdrawal.bankAccount.accountNumber).toBe('XXXXXXXXXX6789');

    const another = await http.post('/api/me/bank-accounts', u.cookie, {
      ...body,
      accountNumber: '999988887777',
    });
    const rejected = await http.post(
      `/api/admin/bank-accounts/${another.json().bankAccount.id}/reject`,
      admin,
      { reason: 'Holder name differs from KYC' },
    );
    expect(rejected.json().bankAccount).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Holder name differs from KYC',
    });
    const list = (await http.get('/api/me/bank-accounts', u.cookie)).json().bankAccounts;
    expect(list.map((a: { source: string; status: string }) => `${a.source} ${a.status}`)).toEqual([
      'kyc verified',
      'added rejected',
      'added verified',
    ]);
  });

  it('keeps other users’ withdrawals and accounts invisible (404)', async () => {
    const a = await verifiedWithBank(t.app);
    const b = await verifiedWithBank(t.app);
    await fund(t.app, a.cookie, admin, '1000');
    const id = (await withdraw(a.cookie, '300', a.accountId)).json().withdrawal.id as string;
    const cancel = await http.post(`/api/withdrawals/${id}/cancel`, b.cookie);
    expect(cancel.statusCode).toBe(404);
    expect((await http.get('/api/withdrawals', b.cookie)).json().withdrawals).toEqual([]);
    expect((await http.get('/api/me/bank-accounts', b.cookie)).json().bankAccounts).toEqual([
      expect.objectContaining({ id: b.accountId }),
    ]);
    expect((await http.post('/api/withdrawals/nope/cancel', a.cookie)).statusCode).toBe(404);
    expect(
      (
        await http.post(`/api/admin/withdrawals/${id}/approve`, a.cookie, {
          utrNumber: 'ABC123456',
        })
      ).statusCode,
    ).toBe(403);
    expect(await balanceOf(a.cookie)).toMatchObject({ inr: '700.00', inrHeld: '300.00' });
  });

  it('replays an Idempotency-Key: one hold, the same answer; another body is refused', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '1000');
    const first = await withdraw(u.cookie, '400', u.accountId, 'withdraw-once');
    const second = await withdraw(u.cookie, '400', u.accountId, 'withdraw-once');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const other = await withdraw(u.cookie, '401', u.accountId, 'withdraw-once');
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_conflict');
    expect(await balanceOf(u.cookie)).toMatchObject({ inr: '600.00', inrHeld: '400.00' });

    const id = first.json().withdrawal.id as string;
    const key = { 'idempotency-key': 'pay-once' };
    const body = { utrNumber: 'ICIC00001111' };
    const paid = await http.post(`/api/admin/withdrawals/${id}/approve`, admin, body, key);
    const replay = await http.post(`/api/admin/withdrawals/${id}/approve`, admin, body, key);
    expect(paid.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(paid.json());
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('pushes the held amount to the user’s balance events', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '1000');
    const seen: string[] = [];
    const stop = await t.app.db.listen('balance_changed', (payload) => seen.push(payload));
    try {
      // The deposit's own event may still be on its way on the shared LISTEN connection.
      // Notifications arrive in commit order, so once a marker sent now is seen, every
      // earlier one has been too; count only what follows it.
      const marker = randomUUID();
      await t.app.db.query("SELECT pg_notify('balance_changed', $1)", [marker]);
      await expect.poll(() => seen.includes(marker)).toBe(true);
      const from = seen.length;
      const id = (await withdraw(u.cookie, '250', u.accountId)).json().withdrawal.id as string;
      await http.post(`/api/admin/withdrawals/${id}/approve`, admin, { utrNumber: 'UTIB9876543' });
      await expect.poll(() => seen.slice(from).filter((x) => x === u.id).length).toBe(2);
    } finally {
      await stop();
    }
  });
});

/** Races on real PostgreSQL (PGlite serves one connection at a time, so no race happens there). */
describe.skipIf(!pgUrl())('withdrawals under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('postgres', {}, { poolSize: 50 });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const held = async (userId: string) =>
    (
      await t.app.db.query<{ inr: string; held: string }>(
        'SELECT balance::text AS inr, inr_held::text AS held FROM users WHERE id = $1',
        [userId],
      )
    )[0]!;

  it('40 approvals of one withdrawal, 20 at a time, pay it out once', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '5000');
    const res = await http.post('/api/withdrawals', u.cookie, {
      amount: '5000',
      bankAccountId: u.accountId,
    });
    const id = res.json().withdrawal.id as string;
    const started = Date.now();
    const results = await pool(
      Array.from(
        { length: 40 },
        (_, i) => () =>
          http.post(`/api/admin/withdrawals/${id}/approve`, admin, {
            utrNumber: `PAYOUT${String(i).padStart(6, '0')}`,
          }),
      ),
      20,
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    const conflicts = results.filter(
      (r) => r.statusCode === 409 && errorCode(r) === 'invalid_state',
    ).length;
    const payouts = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries
        WHERE operation_id = $1 AND operation_type = 'withdrawal_payout'`,
      [id],
    );
    const final = await held(u.id);
    console.log(
      `[withdrawals] 40 approvals (20 concurrent) of one ₹5,000 withdrawal: ${ok} paid, ${conflicts} invalid_state, ` +
        `${40 - ok - conflicts} other; INR ${final.inr}, held ${final.held}; ${Date.now() - started} ms`,
    );
    expect(ok).toBe(1);
    expect(conflicts).toBe(39);
    expect(payouts[0]!.n).toBe(2);
    expect(final).toEqual({ inr: '0.00', held: '0.00' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('50 parallel requests that together exceed the balance never overdraw it', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '10000');
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        http.post('/api/withdrawals', u.cookie, { amount: '1000', bankAccountId: u.accountId }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    const poor = results.filter(
      (r) => r.statusCode === 422 && errorCode(r) === 'insufficient_inr',
    ).length;
    const final = await held(u.id);
    console.log(
      `[withdrawals] 50 concurrent ₹1,000 requests on ₹10,000: ${ok} held, ${poor} insufficient_inr, ` +
        `${50 - ok - poor} other; INR ${final.inr}, held ${final.held}; ${Date.now() - started} ms`,
    );
    expect(ok).toBe(10);
    expect(poor).toBe(40);
    expect(final).toEqual({ inr: '0.00', held: '10000.00' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('parallel requests cannot pass the daily limit together', async () => {
    const u = await verifiedWithBank(t.app);
    await fund(t.app, u.cookie, admin, '1000000');
    await fund(t.app, u.cookie, admin, '1000000');
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        http.post('/api/withdrawals', u.cookie, { amount: '100000', bankAccountId: u.accountId }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    const limited = results.filter(
      (r) => r.statusCode === 422 && errorCode(r) === 'withdrawal_limit',
    ).length;
    expect(ok).toBe(10);
    expect(limited).toBe(20);
    expect(await held(u.id)).toEqual({ inr: '1000000.00', held: '1000000.00' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });
});
