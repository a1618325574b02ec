import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  depositSchema,
  messages,
  tradeSchema,
  withdrawalSchema,
  type StatementEntry,
} from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUp,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { api, fund, utr } from '../../../test/support/money-helpers.ts';

/**
 * GET /api/trades/:id, /api/deposits/:id and /api/withdrawals/:id: the records the account
 * statement links to. Each answers its owner only; anyone else's id, an unknown one and a
 * malformed one all get the same 404.
 */
describe.each(availableDrivers())('one trade, deposit or withdrawal by id on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { usdtInrRate: () => '87.7' });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const NOT_FOUND = { error: { code: 'not_found', message: messages.http.notFound } };
  const kinds = ['trades', 'deposits', 'withdrawals'] as const;

  /** The answer's status and body, to compare a refusal with another one whole. */
  const outcome = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });

  /**
   * A verified user with ₹5,000 deposited, a buy of 10 USDT, a sell of 4 (TDS withheld), a
   * verified bank account of their own (the full number is stored; only the admin sees it)
   * and a pending withdrawal of ₹1,200.50 to it.
   */
  async function seeded() {
    const u = await signUpVerified(t.app);
    const depositId = await fund(t.app, u.cookie, admin, '5000');
    const quick = (side: 'buy' | 'sell', usdtAmount: string) =>
      http.post('/api/trades/quick', u.cookie, {
        side,
        usdtAmount,
        quotedRate: side === 'buy' ? '89.7' : '86.2',
      });
    const buy = (await quick('buy', '10')).json().trade;
    const sell = (await quick('sell', '4')).json().trade;
    const added = await http.post('/api/me/bank-accounts', u.cookie, {
      accountNumber: '5010 0123 4567 89',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
      accountHolderName: u.fullName,
    });
    const accountId = added.json().bankAccount.id as string;
    await http.post(`/api/admin/bank-accounts/${accountId}/verify`, admin);
    const requested = await http.post('/api/withdrawals', u.cookie, {
      amount: '1200.5',
      bankAccountId: accountId,
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const withdrawal = requested.json().withdrawal;
    return { ...u, depositId, buy, sell, accountId, withdrawal };
  }

  it('gives the owner each record as the list and the request answered it', async () => {
    const u = await seeded();

    const buy = await http.get(`/api/trades/${u.buy.id}`, u.cookie);
    expect(buy.statusCode).toBe(200);
    expect(buy.json()).toEqual({ trade: u.buy });
    const sell = await http.get(`/api/trades/${u.sell.id}`, u.cookie);
    // 4 × 86.20 = ₹344.80 gross; 1% TDS (194S) = ₹3.45 rounded up; ₹341.35 reaches the seller.
    expect(sell.json().trade).toEqual({
      id: u.sell.id,
      type: 'sell',
      amount: '4.00000000',
      price: '86.20',
      total: '344.80',
      tds: '3.45',
      net: '341.35',
      status: 'completed',
      createdAt: u.sell.createdAt,
    });
    const list = (await http.get('/api/trades', u.cookie)).json().trades;
    expect(list).toContainEqual(sell.json().trade);

    const deposit = await http.get(`/api/deposits/${u.depositId}`, u.cookie);
    expect(deposit.statusCode).toBe(200);
    expect(deposit.json().deposit).toMatchObject({
      id: u.depositId,
      amount: '5000.00',
      status: 'approved',
      rejectionReason: null,
    });
    expect((await http.get('/api/deposits', u.cookie)).json().deposits).toContainEqual(
      deposit.json().deposit,
    );

    const withdrawal = await http.get(`/api/withdrawals/${u.withdrawal.id}`, u.cookie);
    expect(withdrawal.statusCode).toBe(200);
    expect(withdrawal.json()).toEqual({ withdrawal: u.withdrawal });
    expect(withdrawal.json().withdrawal).toMatchObject({
      amount: '1200.50',
      status: 'pending',
      utrNumber: null,
      decidedAt: null,
    });
  });

  it('shows the decision: a paid withdrawal’s UTR, a rejected deposit’s reason', async () => {
    const u = await seeded();
    await http.post(`/api/admin/withdrawals/${u.withdrawal.id}/approve`, admin, {
      utrNumber: 'hdfcp7654321',
    });
    const paid = (await http.get(`/api/withdrawals/${u.withdrawal.id}`, u.cookie)).json();
    expect(paid.withdrawal).toMatchObject({
      status: 'paid',
      utrNumber: 'HDFCP7654321',
      rejectionReason: null,
      decidedAt: expect.any(String),
    });

    const reference = utr();
    const created = await http.post('/api/deposits', u.cookie, {
      amount: '750',
      utrNumber: reference,
    });
    const depositId = created.json().deposit.id as string;
    const pending = (await http.get(`/api/deposits/${depositId}`, u.cookie)).json().deposit;
    expect(pending).toMatchObject({ status: 'pending', utrNumber: reference, decidedAt: null });
    await http.post(`/api/admin/deposits/${depositId}/reject`, admin, {
      reason: 'No transfer with this UTR reached our account',
    });
    const rejected = (await http.get(`/api/deposits/${depositId}`, u.cookie)).json().deposit;
    expect(rejected).toMatchObject({
      amount: '750.00',
      status: 'rejected',
      rejectionReason: 'No transfer with this UTR reached our account',
      decidedAt: expect.any(String),
    });
  });

  it('answers another user’s id exactly like an unknown one, admin included', async () => {
    const owner = await seeded();
    const other = await signUpVerified(t.app);
    const ids = {
      trades: owner.sell.id,
      deposits: owner.depositId,
      withdrawals: owner.withdrawal.id,
    };
    for (const kind of kinds) {
      const theirs = await http.get(`/api/${kind}/${ids[kind]}`, other.cookie);
      const unknown = await http.get(`/api/${kind}/${randomUUID()}`, other.cookie);
      expect(outcome(theirs), kind).toEqual({ status: 404, body: NOT_FOUND });
      expect(outcome(theirs), kind).toEqual(outcome(unknown));
      // The admin reads users' records through /api/admin only; these routes are the caller's own.
      const byAdmin = await http.get(`/api/${kind}/${ids[kind]}`, admin);
      expect(outcome(byAdmin), kind).toEqual({ status: 404, body: NOT_FOUND });
    }
    // The owner still sees each one.
    for (const kind of kinds) {
      expect((await http.get(`/api/${kind}/${ids[kind]}`, owner.cookie)).statusCode).toBe(200);
    }
  });

  it('gives the owner no field only the admin sees: no full account number, holder, user or decider', async () => {
    const u = await seeded();
    await http.post(`/api/admin/withdrawals/${u.withdrawal.id}/approve`, admin, {
      utrNumber: 'HDFCP1112223',
    });
    // The admin's own view of the same withdrawal has the full number (to send the transfer).
    const adminView = (await http.get(`/api/admin/withdrawals/${u.withdrawal.id}`, admin)).json()
      .withdrawal;
    expect(adminView.bankAccount.accountNumber).toBe('50100123456789');
    expect(adminView.user.email).toBe(u.email);

    const withdrawal = (await http.get(`/api/withdrawals/${u.withdrawal.id}`, u.cookie)).json();
    expect(Object.keys(withdrawal)).toEqual(['withdrawal']);
    expect(Object.keys(withdrawal.withdrawal).sort()).toEqual(
      Object.keys(withdrawalSchema.shape).sort(),
    );
    expect(withdrawal.withdrawal.bankAccount).toEqual({
      id: u.accountId,
      accountNumber: 'XXXXXXXXXX6789',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
    });
    const body = JSON.stringify(withdrawal);
    expect(body).not.toContain('50100123456789');
    expect(body).not.toContain(u.email);
    expect(body).not.toContain(u.id);

    const deposit = (await http.get(`/api/deposits/${u.depositId}`, u.cookie)).json();
    expect(Object.keys(deposit.deposit).sort()).toEqual(Object.keys(depositSchema.shape).sort());
    const trade = (await http.get(`/api/trades/${u.sell.id}`, u.cookie)).json();
    expect(Object.keys(trade.trade).sort()).toEqual(Object.keys(tradeSchema.shape).sort());
    // Neither names the owner nor the admin who approved the deposit.
    for (const answer of [deposit, trade]) {
      expect(JSON.stringify(answer)).not.toContain(u.id);
      expect(answer).not.toHaveProperty('user');
    }
  });

  it('answers a malformed id with the not found every id route gives, and 401 signed out', async () => {
    const u = await signUpVerified(t.app);
    const cancel = await http.post('/api/withdrawals/not-a-uuid/cancel', u.cookie);
    expect(outcome(cancel)).toEqual({ status: 404, body: NOT_FOUND });
    for (const kind of kinds) {
      // 1,000 characters: past the router's limit on a parameter, still our 404.
      const ids = [
        'not-a-uuid',
        '1',
        `${randomUUID()}x`,
        "1' OR '1'='1",
        'x'.repeat(99),
        'x'.repeat(1000),
      ];
      for (const id of ids) {
        const res = await http.get(`/api/${kind}/${encodeURIComponent(id)}`, u.cookie);
        expect(outcome(res), `${kind}/${id}`).toEqual(outcome(cancel));
      }
      const signedOut = await http.get(`/api/${kind}/${randomUUID()}`);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().error.code).toBe('unauthorized');
    }
    // A malformed %-escape never reaches a route: bad input, in our shape.
    const badEscape = await http.get('/api/trades/%E0%A4%A', u.cookie);
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json().error.code).toBe('validation_error');
    // Refused before any route, still under the no-store rule (http/cache-control.ts).
    expect(badEscape.headers['cache-control']).toBe('no-store');
    const longId = await http.get(`/api/trades/${'x'.repeat(1000)}`, u.cookie);
    expect(longId.headers['cache-control']).toBe('no-store');
    // The list routes' own paths still answer as before, not as an id.
    expect((await http.get('/api/withdrawals/limits', u.cookie)).statusCode).toBe(200);
    expect((await http.get('/api/trades/quote-settings', u.cookie)).statusCode).toBe(200);
  });

  it('every statement entry links to a record its owner can open', async () => {
    const u = await seeded();
    const entries = (await http.get('/api/statement', u.cookie)).json().entries as StatementEntry[];
    // Deposit 1, buy 2, sell 2, withdrawal hold 2.
    expect(entries).toHaveLength(7);
    const route = { trade: 'trades', deposit: 'deposits', withdrawal: 'withdrawals' } as const;
    for (const { link } of entries) {
      // Chain deposits and crypto withdrawals link to the crypto pages; none here.
      if (link.kind === 'crypto_deposit' || link.kind === 'crypto_withdrawal') {
        throw new Error('no chain deposit or crypto withdrawal was seeded');
      }
      const res = await http.get(`/api/${route[link.kind]}/${link.id}`, u.cookie);
      expect(res.statusCode, `${link.kind} ${link.id}`).toBe(200);
      expect(res.json()[link.kind].id).toBe(link.id);
    }
    const stranger = await signUp(t.app);
    const first = entries[0]!.link;
    if (first.kind === 'crypto_deposit' || first.kind === 'crypto_withdrawal') {
      throw new Error('no chain deposit or crypto withdrawal was seeded');
    }
    expect(
      (await http.get(`/api/${route[first.kind]}/${first.id}`, stranger.cookie)).statusCode,
    ).toBe(404);
  });
});
