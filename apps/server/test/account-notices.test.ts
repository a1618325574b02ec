import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDrivers } from '../../../test/support/databases.ts';
import { logInAdmin, signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { kycFormData, submitKyc, validParts } from '../../../test/support/kyc-fixtures.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/support/mail-catcher.ts';
import { api, fund, utr, verifiedWithBank } from '../../../test/support/money-helpers.ts';
import { connect, listen, type TestSocket } from '../../../test/support/realtime-client.ts';
import { decideDepositOnce } from '../src/money/deposits.ts';
import type { AccountNotifier } from '../src/notifications/account-events.ts';

interface Listed {
  items: Array<{ kind: string; title: string; body: string; link: string | null; read: boolean }>;
  unread: number;
}

describe.each(availableDrivers())('notices and mails of account decisions on %s', (driver) => {
  let t: TestApp;
  let mail: MailCatcher;
  let admin: string;
  let http: ReturnType<typeof api>;
  let socketUrl: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await startTestApp(driver, { SMTP_URL: mail.url, MAIL_POLL_MS: 100 });
    admin = await logInAdmin(t.app);
    http = api(t.app);
    socketUrl = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
    await mail.close();
  });

  /** The user's open page: its WebSocket, told of each new notice by a 'notification'. */
  const page = async (cookie: string) => {
    const socket = await connect(socketUrl, { headers: { cookie } });
    sockets.push(socket);
    await socket.next('snapshot');
    return socket;
  };

  const notices = async (cookie: string): Promise<Listed> =>
    (await http.get('/api/notifications', cookie)).json();
  /** The notices of these kinds, newest first (a sign-in notice may sit among them). */
  const ofKinds = async (cookie: string, ...kinds: string[]) =>
    (await notices(cookie)).items.filter((n) => kinds.includes(n.kind));

  it('KYC approved and rejected: a notice with the unread count, and a mail', async () => {
    const rejected = await signUp(t.app);
    const rejectedKyc = await submitKyc(t.app, rejected.cookie, kycFormData(await validParts()));
    expect(rejectedKyc.statusCode).toBe(200);
    const before = (await notices(rejected.cookie)).unread;
    const rejectedPage = await page(rejected.cookie);
    const no = await http.post(`/api/admin/users/${rejected.id}/kyc`, admin, {
      decision: 'reject',
      reason: 'The PAN card photo is blurred.',
      submittedAt: rejectedKyc.json().user.kycSubmittedAt,
    });
    expect(no.statusCode, no.body).toBe(200);
    const list = await notices(rejected.cookie);
    expect(list.unread).toBe(before + 1);
    await rejectedPage.next('notification');
    expect(list.items[0]).toMatchObject({
      kind: 'kyc_rejected',
      title: 'KYC rejected',
      body: 'Your KYC was rejected: The PAN card photo is blurred. Please correct it and submit again.',
      link: '/dashboard',
      read: false,
    });
    const letter = await mail.waitForTo(rejected.email, 'KYC rejected');
    expect(letter.text).toContain('The PAN card photo is blurred.');
    expect(letter.text).toMatch(/Resubmit your KYC: http:\/\/[^\s]+\/dashboard/);

    const approved = await signUp(t.app);
    const approvedKyc = await submitKyc(t.app, approved.cookie, kycFormData(await validParts()));
    const submittedAt = approvedKyc.json().user.kycSubmittedAt as string;
    const approvedPage = await page(approved.cookie);
    await http.post(`/api/admin/users/${approved.id}/kyc`, admin, {
      decision: 'approve',
      submittedAt,
    });
    await approvedPage.next('notification');
    expect(await ofKinds(approved.cookie, 'kyc_approved', 'kyc_rejected')).toEqual([
      expect.objectContaining({ title: 'KYC verified', read: false }),
    ]);
    await mail.waitForTo(approved.email, 'KYC verified');

    // A decision refused (already decided) tells nothing.
    const again = await http.post(`/api/admin/users/${approved.id}/kyc`, admin, {
      decision: 'reject',
      reason: 'late',
      submittedAt,
    });
    expect(again.statusCode).toBe(409);
    expect(await ofKinds(approved.cookie, 'kyc_approved', 'kyc_rejected')).toHaveLength(1);
    // One push per notice: the refused decision sent none.
    const pushes = (socket: TestSocket) =>
      socket.messages.filter((m) => m.type === 'notification').length;
    expect([pushes(rejectedPage), pushes(approvedPage)]).toEqual([1, 1]);
  });

  it('deposit credited and rejected, once each even when the admin retries', async () => {
    const user = await verifiedWithBank(t.app);
    const open = await page(user.cookie);
    const id = await fund(t.app, user.cookie, admin, '2500');
    await open.next('notification');
    const [credited] = await ofKinds(user.cookie, 'deposit_credited');
    expect(credited).toMatchObject({
      title: 'Deposit credited',
      body: 'Your deposit of ₹2,500.00 was credited to your INR balance.',
      link: `/dashboard/wallet/deposits/${id}`,
    });
    await mail.waitForTo(user.email, 'Deposit credited');

    const created = await http.post('/api/deposits', user.cookie, {
      amount: '125000',
      utrNumber: utr(),
    });
    const depositId = created.json().deposit.id as string;
    const key = randomUUID();
    const reject = () =>
      http.post(
        `/api/admin/deposits/${depositId}/reject`,
        admin,
        { reason: 'No transfer with this UTR' },
        { 'idempotency-key': key },
      );
    expect((await reject()).statusCode).toBe(200);
    const replay = await reject();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const rejected = await ofKinds(user.cookie, 'deposit_rejected');
    expect(rejected).toHaveLength(1);
    await open.next('notification');
    expect(rejected[0]!.body).toBe(
      'Your deposit of ₹1,25,000.00 was rejected: No transfer with this UTR.',
    );
    const letter = await mail.waitForTo(user.email, 'Deposit rejected');
    expect(letter.html).toContain('₹1,25,000.00');
    // The replayed rejection pushed nothing more.
    expect(open.messages.filter((m) => m.type === 'notification')).toHaveLength(2);
  });

  it('INR withdrawal paid and rejected', async () => {
    const user = await verifiedWithBank(t.app);
    await fund(t.app, user.cookie, admin, '5000');
    const ask = async (amount: string) => {
      const res = await http.post(
        '/api/withdrawals',
        user.cookie,
        { amount, bankAccountId: user.accountId },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().withdrawal.id as string;
    };
    const paid = await ask('1200.5');
    const refused = await ask('300');
    const open = await page(user.cookie);
    const ok = await http.post(`/api/admin/withdrawals/${paid}/approve`, admin, {
      utrNumber: 'HDFCP1234567',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await open.next('notification');
    await http.post(`/api/admin/withdrawals/${refused}/reject`, admin, {
      reason: 'Account name does not match',
    });
    await open.next('notification');
    const list = await ofKinds(user.cookie, 'withdrawal_paid', 'withdrawal_rejected');
    expect(list.map((n) => [n.kind, n.body, n.link])).toEqual([
      [
        'withdrawal_rejected',
        'Your withdrawal of ₹300.00 was rejected: Account name does not match. The amount is back in your INR balance.',
        `/dashboard/wallet/withdrawals/${refused}`,
      ],
      [
        'withdrawal_paid',
        'Your withdrawal of ₹1,200.50 was paid to your bank account (UTR HDFCP1234567).',
        `/dashboard/wallet/withdrawals/${paid}`,
      ],
    ]);
    await mail.waitForTo(user.email, 'Withdrawal paid');
    await mail.waitForTo(user.email, 'Withdrawal rejected');
    // Read once, the count is back to zero.
    await http.post('/api/notifications/read', user.cookie, {});
    expect((await notices(user.cookie)).unread).toBe(0);
  });

  it('writes the notice and the mail in the decision’s transaction: a failed decision leaves neither', async () => {
    const user = await verifiedWithBank(t.app);
    const created = await http.post('/api/deposits', user.cookie, {
      amount: '100',
      utrNumber: utr(),
    });
    const depositId = created.json().deposit.id as string;
    const adminId = (
      await t.app.db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin'`)
    )[0]!.id;
    const count = async (sql: string, param: string) =>
      (await t.app.db.query<{ n: number }>(sql, [param]))[0]!.n;
    const outbox = () =>
      count('SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1', user.email);
    const mailsBefore = await outbox();
    // The notice and the mail are written, then something later in the decision fails.
    const failing: AccountNotifier = async (tx, userId, event) => {
      await t.app.notifyAccount(tx, userId, event);
      throw new Error('fails after the notice and the mail');
    };
    await expect(
      decideDepositOnce(
        t.app.db,
        { id: adminId, ip: '127.0.0.1' },
        depositId,
        undefined,
        { kind: 'approve' },
        failing,
      ),
    ).rejects.toThrow('fails after');
    const status = (
      await t.app.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
        depositId,
      ])
    )[0]!.status;
    expect(status).toBe('pending');
    expect(
      await count('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', user.id),
    ).toBe(0);
    expect(await outbox()).toBe(mailsBefore);
    // The same decision through the route: all three.
    expect((await http.post(`/api/admin/deposits/${depositId}/approve`, admin)).statusCode).toBe(
      200,
    );
    expect(await ofKinds(user.cookie, 'deposit_credited')).toHaveLength(1);
    expect(await outbox()).toBe(mailsBefore + 1);
  });
});
