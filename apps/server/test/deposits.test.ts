import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { api, utr } from '../../../test/support/money-helpers.ts';

describe.each(availableDrivers())('INR deposits on %s', (driver) => {
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
  const depositCount = async (userId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM deposits WHERE user_id = $1',
        [userId],
      )
    )[0]!.n;

  it('creates a pending request with the amount as a decimal string and moves no money', async () => {
    const u = await signUpVerified(t.app);
    const res = await http.post('/api/deposits', u.cookie, {
      amount: '2500.5',
      utrNumber: 'abcd12345678',
    });
    expect(res.statusCode).toBe(201);
    const { deposit } = res.json();
    expect(deposit).toMatchObject({
      amount: '2500.50',
      utrNumber: 'ABCD12345678',
      status: 'pending',
      rejectionReason: null,
      decidedAt: null,
    });
    expect(deposit.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(deposit.createdAt).toISOString()).toBe(deposit.createdAt);
    expect(await balanceOf(u.cookie)).toEqual({ inr: '0.00', inrHeld: '0.00', usdt: '0.00000000' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it.each([
    ['99', messages.deposits.amountMin],
    ['99.99', messages.deposits.amountMin],
    ['1000001', messages.deposits.amountMax],
    ['1000000.01', messages.deposits.amountMax],
    ['abc', messages.deposits.amountNumeric],
    ['1e3', messages.deposits.amountNumeric],
    ['12,000', messages.deposits.amountNumeric],
    ['', messages.deposits.amountRequired],
    ['   ', messages.deposits.amountRequired],
    ['100.001', messages.deposits.amountDecimals],
    ['-500', messages.deposits.amountMin],
    [1000, messages.money.amountAsString],
    [null, messages.deposits.amountRequired],
    [undefined, messages.deposits.amountRequired],
  ])('refuses amount %j with "%s" and writes nothing', async (amount, message) => {
    const u = await signUpVerified(t.app);
    const body = amount === undefined ? { utrNumber: utr() } : { amount, utrNumber: utr() };
    const res = await http.post('/api/deposits', u.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message,
      fields: { amount: message },
    });
    expect(await depositCount(u.id)).toBe(0);
  });

  it('accepts the limits themselves: ₹100 and ₹10,00,000', async () => {
    const u = await signUpVerified(t.app);
    for (const [amount, stored] of [
      ['100', '100.00'],
      ['1000000.00', '1000000.00'],
    ]) {
      const res = await http.post('/api/deposits', u.cookie, { amount, utrNumber: utr() });
      expect(res.statusCode).toBe(201);
      expect(res.json().deposit.amount).toBe(stored);
    }
  });

  it.each([
    [undefined, messages.deposits.utrRequired],
    ['', messages.deposits.utrRequired],
    ['  ', messages.deposits.utrRequired],
    ['12345', messages.deposits.utrInvalid],
    ['A'.repeat(23), messages.deposits.utrInvalid],
    ['UTR-1234-5678', messages.deposits.utrInvalid],
    [123456789012, messages.deposits.utrInvalid],
    [null, messages.deposits.utrRequired],
  ])('refuses UTR %j with "%s"', async (utrNumber, message) => {
    const u = await signUpVerified(t.app);
    const body = utrNumber === undefined ? { amount: '500' } : { amount: '500', utrNumber };
    const res = await http.post('/api/deposits', u.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ utrNumber: message });
    expect(await depositCount(u.id)).toBe(0);
  });

  it('files one bank transfer (UTR) once, for anyone, until it is rejected', async () => {
    const a = await signUpVerified(t.app);
    const b = await signUpVerified(t.app);
    const ref = utr();
    expect(
      (await http.post('/api/deposits', a.cookie, { amount: '500', utrNumber: ref })).statusCode,
    ).toBe(201);
    const dupError = {
      code: 'duplicate_utr',
      message: messages.deposits.utrDuplicate,
      fields: { utrNumber: messages.deposits.utrDuplicate },
    };
    for (const [who, number] of [
      [a, ref],
      [a, ref.toLowerCase()],
      [b, ref],
    ] as const) {
      const res = await http.post('/api/deposits', who.cookie, {
        amount: '600',
        utrNumber: number,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual(dupError);
    }
    expect(await depositCount(b.id)).toBe(0);
    const first = (await http.get('/api/deposits', a.cookie)).json().deposits[0];
    await http.post(`/api/admin/deposits/${first.id}/reject`, admin, { reason: 'Wrong amount' });
    const again = await http.post('/api/deposits', a.cookie, { amount: '550', utrNumber: ref });
    expect(again.statusCode).toBe(201);
  });

  it('reports every bad field at once', async () => {
    const u = await signUpVerified(t.app);
    const res = await http.post('/api/deposits', u.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      amount: messages.deposits.amountRequired,
      utrNumber: messages.deposits.utrRequired,
    });
  });

  it('refuses a body naming another user or a status, and files nothing', async () => {
    const a = await signUpVerified(t.app);
    const b = await signUpVerified(t.app);
    for (const extra of [{ userId: b.id }, { user_id: b.id }, { status: 'approved' }]) {
      const res = await http.post('/api/deposits', a.cookie, {
        amount: '500',
        utrNumber: utr(),
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.money.unknownField(Object.keys(extra)));
    }
    expect(await depositCount(a.id)).toBe(0);
    expect(await depositCount(b.id)).toBe(0);
  });

  it('needs a session: 401 before any validation', async () => {
    const res = await http.post('/api/deposits', undefined, { amount: 'abc' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    expect((await http.get('/api/deposits')).statusCode).toBe(401);
  });

  it('lists only the caller’s own deposits, newest first, at most 10', async () => {
    const a = await signUpVerified(t.app);
    const b = await signUpVerified(t.app);
    const made: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await http.post('/api/deposits', a.cookie, {
        amount: String(100 + i),
        utrNumber: utr(),
      });
      made.push(res.json().deposit.id);
    }
    await http.post('/api/deposits', b.cookie, { amount: '777', utrNumber: utr() });
    const list = (await http.get('/api/deposits', a.cookie)).json().deposits;
    expect(list).toHaveLength(10);
    expect(list.map((d: { id: string }) => d.id)).toEqual(made.slice(2).reverse());
    expect(list[0].amount).toBe('111.00');
    const few = (await http.get('/api/deposits?limit=3', a.cookie)).json().deposits;
    expect(few.map((d: { id: string }) => d.id)).toEqual(made.slice(9).reverse());
    const bList = (await http.get('/api/deposits', b.cookie)).json().deposits;
    expect(bList).toHaveLength(1);
    expect(bList[0].amount).toBe('777.00');
    for (const bad of ['11', '0', 'x']) {
      const res = await http.get(`/api/deposits?limit=${bad}`, a.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ limit: messages.money.limitInvalid });
    }
  });

  it('replays the first answer for a repeated Idempotency-Key and files one deposit', async () => {
    const u = await signUpVerified(t.app);
    const body = { amount: '1500', utrNumber: utr() };
    const key = { 'idempotency-key': 'deposit-key-1' };
    const first = await http.post('/api/deposits', u.cookie, body, key);
    const again = await http.post('/api/deposits', u.cookie, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await depositCount(u.id)).toBe(1);
    const other = await http.post('/api/deposits', u.cookie, { ...body, amount: '1600' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({
      code: 'idempotency_conflict',
      message: messages.idempotency.conflict,
    });
    // Keys belong to their user: another user's same key is a new request.
    const v = await signUpVerified(t.app);
    expect(
      (await http.post('/api/deposits', v.cookie, { ...body, utrNumber: utr() }, key)).statusCode,
    ).toBe(201);
    expect(await depositCount(v.id)).toBe(1);
    const long = await http.post('/api/deposits', u.cookie, body, {
      'idempotency-key': 'k'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(messages.idempotency.keyInvalid);
  });

  describe('admin review', () => {
    it('approves a pending deposit once: credits the INR balance and the ledger', async () => {
      const u = await signUpVerified(t.app, { fullName: 'Meera Iyer' });
      const dep = (
        await http.post('/api/deposits', u.cookie, { amount: '5000.25', utrNumber: utr() })
      ).json().deposit;
      const res = await http.post(`/api/admin/deposits/${dep.id}/approve`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().deposit).toMatchObject({
        id: dep.id,
        status: 'approved',
        amount: '5000.25',
        user: { id: u.id, fullName: 'Meera Iyer', email: u.email },
      });
      expect(res.json().deposit.decidedAt).not.toBeNull();
      expect(await balanceOf(u.cookie)).toEqual({
        inr: '5000.25',
        inrHeld: '0.00',
        usdt: '0.00000000',
      });

      const again = await http.post(`/api/admin/deposits/${dep.id}/approve`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({
        code: 'invalid_state',
        message: messages.money.depositNotPending('approved'),
      });
      const reject = await http.post(`/api/admin/deposits/${dep.id}/reject`, admin, {
        reason: 'late',
      });
      expect(reject.statusCode).toBe(409);
      expect(await balanceOf(u.cookie)).toEqual({
        inr: '5000.25',
        inrHeld: '0.00',
        usdt: '0.00000000',
      });
      const entries = await t.app.db.query<{ account: string; amount: string }>(
        'SELECT account, amount::text FROM ledger_entries WHERE operation_id = $1 ORDER BY account',
        [dep.id],
      );
      expect(entries).toEqual([
        { account: 'bank_clearing', amount: '-5000.25000000' },
        { account: 'user', amount: '5000.25000000' },
      ]);
      const decidedBy = await t.app.db.query<{ email: string }>(
        'SELECT u.email FROM deposits d JOIN users u ON u.id = d.decided_by WHERE d.id = $1',
        [dep.id],
      );
      expect(decidedBy[0]!.email).toBe('admin@sikka.local');
      expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
    });

    it('rejects only with a non-blank reason, moves no money, and cannot approve afterwards', async () => {
      const u = await signUpVerified(t.app);
      const dep = (
        await http.post('/api/deposits', u.cookie, { amount: '700', utrNumber: utr() })
      ).json().deposit;
      for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 5 }]) {
        const res = await http.post(`/api/admin/deposits/${dep.id}/reject`, admin, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ reason: messages.admin.rejectReasonRequired });
      }
      const ok = await http.post(`/api/admin/deposits/${dep.id}/reject`, admin, {
        reason: '  UTR not found in bank statement ',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().deposit).toMatchObject({
        status: 'rejected',
        rejectionReason: 'UTR not found in bank statement',
      });
      const approve = await http.post(`/api/admin/deposits/${dep.id}/approve`, admin);
      expect(approve.statusCode).toBe(409);
      expect(approve.json().error.message).toBe(messages.money.depositNotPending('rejected'));
      expect(await balanceOf(u.cookie)).toEqual({
        inr: '0.00',
        inrHeld: '0.00',
        usdt: '0.00000000',
      });
      const own = (await http.get('/api/deposits', u.cookie)).json().deposits[0];
      expect(own).toMatchObject({
        status: 'rejected',
        rejectionReason: 'UTR not found in bank statement',
      });
      expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
    });

    it('answers 404 for unknown or malformed deposit ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '1%27%20OR%201=1']) {
        expect((await http.post(`/api/admin/deposits/${id}/approve`, admin)).statusCode).toBe(404);
        expect(
          (await http.post(`/api/admin/deposits/${id}/reject`, admin, { reason: 'x' })).statusCode,
        ).toBe(404);
      }
    });

    it('keeps the admin routes to the admin: 401 signed out, 403 for users, nothing changes', async () => {
      const u = await signUpVerified(t.app);
      const dep = (
        await http.post('/api/deposits', u.cookie, { amount: '900', utrNumber: utr() })
      ).json().deposit;
      expect((await http.get('/api/admin/deposits')).statusCode).toBe(401);
      expect((await http.get('/api/admin/deposits', u.cookie)).statusCode).toBe(403);
      expect((await http.post(`/api/admin/deposits/${dep.id}/approve`, u.cookie)).statusCode).toBe(
        403,
      );
      const blank = await http.post(`/api/admin/deposits/${dep.id}/reject`, u.cookie, {
        reason: '',
      });
      expect(blank.statusCode).toBe(403);
      expect(await balanceOf(u.cookie)).toEqual({
        inr: '0.00',
        inrHeld: '0.00',
        usdt: '0.00000000',
      });
      expect((await http.get('/api/deposits', u.cookie)).json().deposits[0].status).toBe('pending');
    });

    it('lists every user’s deposits newest first with search, status filter and paging', async () => {
      const fresh = await startTestApp(driver);
      try {
        const h = api(fresh.app);
        const adm = await logInAdmin(fresh.app);
        const ravi = await signUpVerified(fresh.app, { fullName: 'Ravi Kumar' });
        const sita = await signUpVerified(fresh.app, { fullName: 'Sita Devi' });
        const ids: string[] = [];
        for (let i = 0; i < 25; i += 1) {
          const who = i % 5 === 0 ? sita : ravi;
          const res = await h.post('/api/deposits', who.cookie, {
            amount: String(200 + i),
            utrNumber: i === 7 ? 'SPECIALUTR777' : utr(),
          });
          ids.push(res.json().deposit.id);
        }
        await h.post(`/api/admin/deposits/${ids[3]}/approve`, adm);
        await h.post(`/api/admin/deposits/${ids[4]}/reject`, adm, { reason: 'Duplicate' });

        const page1 = (await h.get('/api/admin/deposits', adm)).json();
        expect(page1).toMatchObject({ total: 25, page: 1, pageSize: ADMIN_PAGE_SIZE });
        expect(page1.items.map((d: { id: string }) => d.id)).toEqual(ids.slice(5).reverse());
        expect(page1.items[0].user).toEqual({
          id: ravi.id,
          fullName: 'Ravi Kumar',
          email: ravi.email,
        });
        const page2 = (await h.get('/api/admin/deposits?page=2', adm)).json();
        expect(page2.items.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 5).reverse());
        expect((await h.get('/api/admin/deposits?page=3', adm)).json()).toMatchObject({
          items: [],
          total: 25,
        });

        const q = async (query: string) =>
          (await h.get(`/api/admin/deposits?${query}`, adm)).json();
        expect((await q('status=pending')).total).toBe(23);
        expect((await q('status=approved')).items.map((d: { id: string }) => d.id)).toEqual([
          ids[3],
        ]);
        expect((await q('status=rejected')).items[0].rejectionReason).toBe('Duplicate');
        expect((await q('status=all')).total).toBe(25);
        expect((await q('status=')).total).toBe(25);
        expect((await q('search=sita%20DEVI')).total).toBe(5);
        expect((await q(`search=${encodeURIComponent(sita.email.toUpperCase())}`)).total).toBe(5);
        expect((await q('search=specialutr')).items.map((d: { id: string }) => d.id)).toEqual([
          ids[7],
        ]);
        expect((await q(`search=${ids[11]!.slice(4, 14).toUpperCase()}`)).items[0].id).toBe(
          ids[11],
        );
        expect((await q('search=%25')).total).toBe(0);
        expect((await q('search=ravi&status=approved')).total).toBe(1);
        const bad = await h.get('/api/admin/deposits?status=done', adm);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.message).toBe(messages.money.depositStatusInvalid);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe.each(availableDrivers())('daily deposit limit on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const deposit = (cookie: string, amount: string, utrNumber: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/deposits',
      headers: { cookie },
      payload: { amount, utrNumber },
    });

  it('refuses requests beyond ₹50,00,000 a day, counting pending and approved, not rejected', async () => {
    const u = await signUpVerified(t.app);
    const tag = Date.now().toString(36).toUpperCase();
    for (let i = 0; i < 4; i++) {
      expect((await deposit(u.cookie, '1000000.00', `DL${tag}${i}`)).statusCode).toBe(201);
    }
    const fifth = await deposit(u.cookie, '1000000.00', `DL${tag}4`);
    expect(fifth.statusCode).toBe(201);
    const over = await deposit(u.cookie, '100.00', `DL${tag}5`);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('deposit_limit');
    expect(over.json().error.message).toBe(
      'Daily deposit limit of ₹50,00,000 reached. You can request up to ₹0.00 more today.',
    );
    expect(over.json().error.fields.amount).toBe(over.json().error.message);
    const rows = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM deposits WHERE user_id = $1',
      [u.id],
    );
    expect(rows[0]!.n).toBe(5);
    // A rejected request frees its share of the day's limit.
    const admin = await logInAdmin(t.app);
    const list = await t.app.db.query<{ id: string }>(
      'SELECT id FROM deposits WHERE user_id = $1 ORDER BY created_at LIMIT 1',
      [u.id],
    );
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${list[0]!.id}/reject`,
      headers: { cookie: admin },
      payload: { reason: 'UTR not found' },
    });
    expect(reject.statusCode).toBe(200);
    expect((await deposit(u.cookie, '600000.00', `DL${tag}6`)).statusCode).toBe(201);
    const partial = await deposit(u.cookie, '500000.00', `DL${tag}7`);
    expect(partial.statusCode).toBe(422);
    expect(partial.json().error.message).toContain('₹4,00,000.00 more today');
    expect((await deposit(u.cookie, '400000.00', `DL${tag}8`)).statusCode).toBe(201);
  });
});
