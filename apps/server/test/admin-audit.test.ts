import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUp,
  signUpVerified,
  startTestApp,
  verifyEmail,
  type TestApp,
} from '../../../test/support/app.ts';
import { kycFormData, submitKyc, validParts } from '../../../test/support/kyc-fixtures.ts';
import { utr } from '../../../test/support/money-helpers.ts';

describe.each(availableDrivers())('audit log of admin decisions on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await logInAdmin(t.app);
    adminId = (await t.app.inject({ url: '/api/me', headers: { cookie: admin } })).json().user.id;
  });
  afterAll(() => t.close());

  const audit = (query = '', cookie = admin) =>
    t.app.inject({ url: `/api/admin/audit${query}`, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload?: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('records KYC decisions with who, what, when and before → after', async () => {
    const u = await signUp(t.app, { fullName: 'Audit Kyc Person' });
    const submission = await submitKyc(t.app, u.cookie, kycFormData(await validParts()));
    expect(submission.statusCode).toBe(200);
    const reject = await post(`/api/admin/users/${u.id}/kyc`, {
      decision: 'reject',
      reason: 'Blurred PAN',
      submittedAt: submission.json().user.kycSubmittedAt,
    });
    expect(reject.statusCode).toBe(200);
    const res = await audit(`?search=${encodeURIComponent(u.email)}`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as AuditEntry[];
    expect(items.map((i) => i.action)).toEqual(['kyc.rejected', 'kyc.submitted']);
    const [rejected, submitted] = items;
    expect(rejected!.actor).toMatchObject({ id: adminId, email: 'admin@sikka.local' });
    expect(rejected!.subject).toMatchObject({ id: u.id, email: u.email });
    expect(rejected!.before).toMatchObject({ kycStatus: 'submitted', kycRejectedReason: null });
    expect(rejected!.after).toMatchObject({
      kycStatus: 'rejected',
      kycRejectedReason: 'Blurred PAN',
    });
    expect(submitted!.actor).toMatchObject({ id: u.id });
    expect(Date.parse(rejected!.createdAt)).toBeGreaterThanOrEqual(
      Date.parse(submitted!.createdAt),
    );
  });

  it('records deposit approvals and rejections by the admin', async () => {
    const u = await signUpVerified(t.app, { fullName: 'Audit Deposit Person' });
    const make = async (utr: string) => {
      const res = await post('/api/deposits', { amount: '500.00', utrNumber: utr }, u.cookie);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().deposit.id as string;
    };
    const a = await make(`AUD${Date.now()}A`);
    const b = await make(`AUD${Date.now()}B`);
    expect((await post(`/api/admin/deposits/${a}/approve`)).statusCode).toBe(200);
    expect(
      (await post(`/api/admin/deposits/${b}/reject`, { reason: 'UTR not found' })).statusCode,
    ).toBe(200);
    // A second approve is refused and so writes nothing to the log.
    expect((await post(`/api/admin/deposits/${a}/approve`)).statusCode).toBe(409);
    // The user's own KYC approval (the fixture that lets them deposit) is logged too.
    const items = (
      (await audit(`?search=${encodeURIComponent(u.email)}`)).json().items as AuditEntry[]
    ).filter((i) => i.action.startsWith('deposit.'));
    expect(items.map((i) => [i.action, i.targetId])).toEqual([
      ['deposit.rejected', b],
      ['deposit.approved', a],
    ]);
    expect(items[0]!.after).toMatchObject({ status: 'rejected', rejectionReason: 'UTR not found' });
    expect(items[1]!.before).toMatchObject({ status: 'pending', amount: '500.00' });
    for (const i of items) expect(i.actor).toMatchObject({ id: adminId });
  });

  it('records the address each decision came from: KYC, deposit, bank account, withdrawal', async () => {
    const from = (n: number) => `198.51.100.${n}`;
    const decide = (url: string, ip: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: admin },
        remoteAddress: ip,
        ...(payload ? { payload } : {}),
      });
    const u = await signUp(t.app, { fullName: 'Audit Address Person' });
    await verifyEmail(t.app.db, u.id);
    const submitted = await submitKyc(t.app, u.cookie, kycFormData(await validParts()));
    expect(submitted.statusCode).toBe(200);
    const kyc = await decide(`/api/admin/users/${u.id}/kyc`, from(1), {
      decision: 'approve',
      submittedAt: submitted.json().user.kycSubmittedAt,
    });
    expect(kyc.statusCode, kyc.body).toBe(200);
    const deposit = await post('/api/deposits', { amount: '2000', utrNumber: utr() }, u.cookie);
    expect(deposit.statusCode, deposit.body).toBe(201);
    const depositId = deposit.json().deposit.id as string;
    expect((await decide(`/api/admin/deposits/${depositId}/approve`, from(2))).statusCode).toBe(
      200,
    );
    const account = await post(
      '/api/me/bank-accounts',
      {
        accountNumber: '5010 0123 4567 89',
        ifscCode: 'HDFC0001234',
        bankName: 'HDFC Bank',
        accountHolderName: u.fullName,
      },
      u.cookie,
    );
    expect(account.statusCode, account.body).toBe(201);
    const accountId = account.json().bankAccount.id as string;
    expect((await decide(`/api/admin/bank-accounts/${accountId}/verify`, from(3))).statusCode).toBe(
      200,
    );
    const withdrawal = await post(
      '/api/withdrawals',
      { amount: '500', bankAccountId: accountId },
      u.cookie,
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const withdrawalId = withdrawal.json().withdrawal.id as string;
    const paid = await decide(`/api/admin/withdrawals/${withdrawalId}/approve`, from(4), {
      utrNumber: 'HDFCP1234567',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const items = (await audit(`?search=${encodeURIComponent(u.email)}`)).json()
      .items as AuditEntry[];
    const byAdmin = items
      .filter((i) => i.actor?.id === adminId)
      .map((i) => [i.action, i.actorIp])
      .sort();
    expect(byAdmin).toEqual(
      [
        ['kyc.verified', from(1)],
        ['deposit.approved', from(2)],
        ['bank_account.verified', from(3)],
        ['withdrawal.paid', from(4)],
      ].sort(),
    );
    // The user's own step (the KYC submission) never carries an admin's address.
    const own = items.filter((i) => i.actor?.id === u.id);
    expect(own.map((i) => i.action)).toContain('kyc.submitted');
    for (const i of own) expect(i.actorIp ?? '').not.toMatch(/^198\.51\.100\./);
  });

  it('is append-only in the database', async () => {
    await expect(t.app.db.query('UPDATE audit_log SET action = $1', ['forged'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.app.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    const forged = await t.app.db.query("SELECT 1 FROM audit_log WHERE action = 'forged'");
    expect(forged).toHaveLength(0);
  });

  it('is for the admin only', async () => {
    const u = await signUp(t.app);
    expect((await audit('', '')).statusCode).toBe(401);
    expect((await audit('', u.cookie)).statusCode).toBe(403);
    expect((await audit('?page=0', u.cookie)).statusCode).toBe(403);
  });
});
