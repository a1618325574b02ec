import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { messages } from '@sikka/contracts';
import { availableDrivers, databaseUpTo } from '../../../test/support/databases.ts';
import {
  ADMIN,
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { api, fund } from '../../../test/support/money-helpers.ts';
import { buildApp } from '../src/app.ts';
import { hashToken, newSessionToken } from '../src/auth/tokens.ts';
import { testConfig } from '../src/config.ts';
import type { Db, Queryable } from '../src/db/index.ts';
import { loadVaultKey, open } from '../src/kyc/vault.ts';
import { sealPlainAccountNumbers } from '../src/money/account-numbers.ts';

/*
 * Account numbers users add are sealed in the vault (ADR 014): the database keeps the masked
 * form and a keyed hash; lists show the masked form; only the admin's view of one account or
 * withdrawal shows the full number, and that read is audited.
 */

/**
 * The tables (every one) and audit rows whose text holds the digits, or their bytes as hex
 * (a bytea column): a plain number anywhere in the database is found here.
 */
async function wherePlain(db: Queryable, digits: string): Promise<string[]> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const hex = Buffer.from(digits, 'utf8').toString('hex');
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${name}" t WHERE t::text LIKE $1 OR t::text LIKE $2`,
      [`%${digits}%`, `%${hex}%`],
    );
    if (rows[0]!.n > 0) found.push(name);
  }
  return found;
}

const numberViews = (db: Queryable, accountId: string) =>
  db.query<{ actor_id: string; subject_user_id: string; after: Record<string, unknown> }>(
    `SELECT actor_id::text, subject_user_id::text, after FROM audit_log
      WHERE action = 'bank_account.number_viewed' AND target_id = $1 ORDER BY id`,
    [accountId],
  );

let counter = 0;
/** Digits no other test uses, 14 of them ('XXXXXXXXXX' + last 4 when masked). */
function freshDigits(): string {
  counter += 1;
  return `5${String(Date.now() % 1e9).padStart(9, '0')}${String(counter).padStart(4, '0')}`;
}

/** A verified user who added one account with `digits`, typed in groups of four. */
async function userWithAccount(app: FastifyInstance, digits: string) {
  const http = api(app);
  const user = await signUpVerified(app);
  const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  const res = await http.post('/api/me/bank-accounts', user.cookie, {
    accountNumber: spaced,
    ifscCode: 'hdfc0001234',
    bankName: 'HDFC Bank',
    accountHolderName: user.fullName,
  });
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return { user, accountId: res.json().bankAccount.id as string };
}

describe.each(availableDrivers())('sealed bank account numbers on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    http = api(t.app);
    admin = await logInAdmin(t.app);
    adminId = (await http.get('/api/me', admin)).json().user.id as string;
  });
  afterAll(() => t.close());

  it('keeps no plain number in the database: the masked form, a keyed hash and the sealed digits', async () => {
    const digits = freshDigits();
    const { accountId } = await userWithAccount(t.app, digits);
    const masked = `XXXXXXXXXX${digits.slice(-4)}`;
    const [row] = await t.app.db.query<Record<string, unknown>>(
      'SELECT * FROM bank_accounts WHERE id = $1',
      [accountId],
    );
    expect(row).toMatchObject({ account_number: null, account_number_masked: masked });
    expect(row!.account_number_hmac).toMatch(/^[0-9a-f]{64}$/);
    const [sealed] = await t.app.db.query<{
      ciphertext: Uint8Array;
      iv: Uint8Array;
      tag: Uint8Array;
    }>('SELECT ciphertext, iv, tag FROM bank_account_vault WHERE bank_account_id = $1', [
      accountId,
    ]);
    // Sealed under the vault key of DATA_DIR, bound to this account: no other id opens it.
    const vault = await loadVaultKey({ DATA_DIR: t.dataDir });
    expect(open(vault, `bank_account:${accountId}`, sealed!)).toBe(digits);
    expect(() => open(vault, `bank_account:${randomUUID()}`, sealed!)).toThrow();
    expect(await wherePlain(t.app.db, digits)).toEqual([]);
    // The statement cannot write a plain number any more.
    await expect(
      t.app.db.query(`UPDATE bank_accounts SET account_number = $2 WHERE id = $1`, [
        accountId,
        digits,
      ]),
    ).rejects.toThrow(/bank_accounts_no_plain_number/);
  });

  it('shows the masked number in every list and answer, the full one in the admin’s view of one record', async () => {
    const digits = freshDigits();
    const { user, accountId } = await userWithAccount(t.app, digits);
    const masked = `XXXXXXXXXX${digits.slice(-4)}`;
    const own = (await http.get('/api/me/bank-accounts', user.cookie)).json().bankAccounts;
    expect(own.map((a: { accountNumber: string }) => a.accountNumber)).toEqual([masked]);
    const list = (await http.get(`/api/admin/bank-accounts?search=${accountId}`, admin)).json();
    expect(list.items).toEqual([expect.objectContaining({ id: accountId, accountNumber: masked })]);
    const verified = await http.post(
      `/api/admin/bank-accounts/${accountId}/verify`,
      admin,
      undefined,
      {
        'idempotency-key': `verify-${accountId}`,
      },
    );
    expect(verified.json().bankAccount.accountNumber).toBe(masked);
    expect(await numberViews(t.app.db, accountId)).toEqual([]);

    const detail = await http.get(`/api/admin/bank-accounts/${accountId}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    expect(detail.json().bankAccount).toMatchObject({
      id: accountId,
      accountNumber: digits,
      status: 'verified',
      user: { id: user.id, email: user.email },
    });
    expect(await numberViews(t.app.db, accountId)).toEqual([
      { actor_id: adminId, subject_user_id: user.id, after: { accountLast4: digits.slice(-4) } },
    ]);
    const audit = await http.get('/api/admin/audit?search=bank_account.number_viewed', admin);
    expect(audit.json().items[0]).toMatchObject({
      action: 'bank_account.number_viewed',
      targetType: 'bank_account',
      targetId: accountId,
      actor: { id: adminId },
    });

    // A withdrawal to it: masked for the owner and in the admin's list and decision answers,
    // in full in the admin's view of that withdrawal (audited, naming the withdrawal).
    await fund(t.app, user.cookie, admin, '2000');
    const req = await http.post('/api/withdrawals', user.cookie, {
      amount: '1500',
      bankAccountId: accountId,
    });
    const withdrawalId = req.json().withdrawal.id as string;
    expect(req.json().withdrawal.bankAccount.accountNumber).toBe(masked);
    expect(
      (await http.get('/api/withdrawals', user.cookie)).json().withdrawals[0].bankAccount
        .accountNumber,
    ).toBe(masked);
    const adminList = (
      await http.get(`/api/admin/withdrawals?search=${withdrawalId}`, admin)
    ).json();
    expect(adminList.items[0].bankAccount.accountNumber).toBe(masked);
    const one = await http.get(`/api/admin/withdrawals/${withdrawalId}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json().withdrawal).toMatchObject({
      id: withdrawalId,
      status: 'pending',
      bankAccount: { id: accountId, accountNumber: digits, source: 'added' },
    });
    expect((await numberViews(t.app.db, accountId)).at(-1)!.after).toEqual({
      withdrawalId,
      accountLast4: digits.slice(-4),
    });
    const paid = await http.post(
      `/api/admin/withdrawals/${withdrawalId}/approve`,
      admin,
      { utrNumber: `PAY${digits.slice(-9)}` },
      { 'idempotency-key': `pay-${withdrawalId}` },
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().withdrawal.bankAccount.accountNumber).toBe(masked);
    // Neither the stored decision answers nor the audit rows hold the number.
    expect(await wherePlain(t.app.db, digits)).toEqual([]);
  });

  it('gives a KYC account its masked number in the admin’s view too, with no audit row', async () => {
    const user = await signUpVerified(t.app);
    await t.app.db.query(
      `UPDATE users SET bank_account_number = 'XXXXXXXX5678', bank_ifsc_code = 'SBIN0001234',
              bank_name = 'State Bank of India', kyc_status = 'pending' WHERE id = $1`,
      [user.id],
    );
    await t.app.db.query(`UPDATE users SET kyc_status = 'verified' WHERE id = $1`, [user.id]);
    const [kyc] = (await http.get('/api/me/bank-accounts', user.cookie)).json().bankAccounts;
    expect(kyc).toMatchObject({ source: 'kyc', accountNumber: 'XXXXXXXX5678' });
    const detail = await http.get(`/api/admin/bank-accounts/${kyc.id}`, admin);
    expect(detail.json().bankAccount).toMatchObject({
      source: 'kyc',
      accountNumber: 'XXXXXXXX5678',
    });
    expect(await numberViews(t.app.db, kyc.id)).toEqual([]);
  });

  it('shows the full number to the admin only: 401, 403 and 404 otherwise', async () => {
    const digits = freshDigits();
    const { user, accountId } = await userWithAccount(t.app, digits);
    const signedOut = await http.get(`/api/admin/bank-accounts/${accountId}`);
    const owner = await http.get(`/api/admin/bank-accounts/${accountId}`, user.cookie);
    expect(signedOut.statusCode).toBe(401);
    expect(owner.statusCode).toBe(403);
    for (const res of [signedOut, owner]) expect(res.body).not.toContain(digits.slice(-4));
    for (const id of ['not-a-uuid', randomUUID()]) {
      for (const kind of ['bank-accounts', 'withdrawals']) {
        const res = await http.get(`/api/admin/${kind}/${id}`, admin);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await numberViews(t.app.db, accountId)).toEqual([]);
  });

  it('still refuses the same account twice for one user, however it is written', async () => {
    const digits = freshDigits();
    const { user } = await userWithAccount(t.app, digits);
    const add = (accountNumber: string, ifscCode = 'HDFC0001234', cookie = user.cookie) =>
      http.post('/api/me/bank-accounts', cookie, {
        accountNumber,
        ifscCode,
        bankName: 'HDFC Bank',
        accountHolderName: 'Asha Rao',
      });
    const dup = await add(digits);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: 'duplicate_bank_account',
      message: messages.bankAccounts.duplicate,
      fields: { accountNumber: messages.bankAccounts.duplicate },
    });
    expect((await add(` ${digits.slice(0, 7)} ${digits.slice(7)} `)).statusCode).toBe(409);
    // Another branch, or another user, may have the same number.
    expect((await add(digits, 'HDFC0009999')).statusCode).toBe(201);
    const other = await signUpVerified(t.app);
    expect((await add(digits, 'HDFC0001234', other.cookie)).statusCode).toBe(201);
    // A rejected account may be added again.
    const second = freshDigits();
    const first = await add(second);
    await http.post(`/api/admin/bank-accounts/${first.json().bankAccount.id}/reject`, admin, {
      reason: 'Statement unreadable',
    });
    expect((await add(second)).statusCode).toBe(201);
    expect((await add(second)).statusCode).toBe(409);
  });
});

describe.each(availableDrivers())(
  'sealing the plain numbers of before migration 016 on %s',
  (driver) => {
    let db: Db;
    let dataDir: string;
    const apps: FastifyInstance[] = [];
    const plain = ['123456789012', '998877665544332211', '555566667777'] as const;
    const ids: Record<string, string> = {};
    let userId = '';
    let withdrawalId = '';

    const start = async () => {
      const app = await buildApp(
        testConfig({
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          WEB_DIST: '/nonexistent',
          DATA_DIR: dataDir,
          RATE_LIMIT_LOGIN_PER_MIN: 100_000,
        }),
        { db },
      );
      apps.push(app);
      return app;
    };

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'sikka-test-'));
      db = await databaseUpTo(driver, '015');
      // What 014's code wrote: a KYC account (masked) and added accounts in plain text.
      const [user] = await db.query<{ id: string }>(
        `INSERT INTO users (email, email_skeleton, full_name, phone, password_hash, kyc_status, balance,
                          bank_account_number, bank_ifsc_code, bank_name)
       VALUES ('legacy@example.com', 'legacy@example.com', 'Old Customer', '9876543210', 'x',
               'pending', 0, 'XXXXXXXX4321', 'SBIN0001234', 'State Bank of India')
       RETURNING id`,
      );
      userId = user!.id;
      await db.query(
        `UPDATE users SET kyc_status = 'verified', kyc_verified_at = now() WHERE id = $1`,
        [userId],
      );
      for (const [digits, status] of [
        [plain[0], 'verified'],
        [plain[1], 'pending'],
        [plain[2], 'rejected'],
      ] as const) {
        const [row] = await db.query<{ id: string }>(
          `INSERT INTO bank_accounts (user_id, source, account_number, ifsc_code, bank_name,
                                    account_holder_name, status, decided_at, rejection_reason)
         VALUES ($1, 'added', $2, 'HDFC0001234', 'HDFC Bank', 'Old Customer', $3,
                 CASE WHEN $3 = 'pending' THEN NULL ELSE now() END,
                 CASE WHEN $3 = 'rejected' THEN 'Unreadable' END)
         RETURNING id`,
          [userId, digits, status],
        );
        ids[digits] = row!.id;
      }
      const [w] = await db.query<{ id: string }>(
        `INSERT INTO withdrawals (user_id, bank_account_id, amount) VALUES ($1, $2, 100) RETURNING id`,
        [userId, ids[plain[0]]],
      );
      withdrawalId = w!.id;
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('seals them at start, clears the plain column and keeps what the accounts show', async () => {
      for (const digits of plain) expect(await wherePlain(db, digits)).toEqual(['bank_accounts']);
      const app = await start();
      const rows = await db.query<Record<string, unknown>>(
        `SELECT id, source, account_number, account_number_masked, account_number_hmac IS NOT NULL AS hashed
         FROM bank_accounts WHERE user_id = $1
        ORDER BY source, array_position($2::uuid[], id)`,
        // In the order they were added (created_at can tie within one clock tick).
        [userId, plain.map((digits) => ids[digits])],
      );
      expect(rows).toEqual([
        {
          id: ids[plain[0]],
          source: 'added',
          account_number: null,
          account_number_masked: 'XXXXXXXX9012',
          hashed: true,
        },
        {
          id: ids[plain[1]],
          source: 'added',
          account_number: null,
          account_number_masked: 'XXXXXXXXXXXXXX2211',
          hashed: true,
        },
        {
          id: ids[plain[2]],
          source: 'added',
          account_number: null,
          account_number_masked: 'XXXXXXXX7777',
          hashed: true,
        },
        expect.objectContaining({
          source: 'kyc',
          account_number: null,
          account_number_masked: 'XXXXXXXX4321',
          hashed: false,
        }),
      ]);
      for (const digits of plain) expect(await wherePlain(db, digits)).toEqual([]);

      const admin = await logInAdmin(app);
      const http = api(app);
      for (const digits of plain) {
        const one = await http.get(`/api/admin/bank-accounts/${ids[digits]}`, admin);
        expect(one.json().bankAccount.accountNumber).toBe(digits);
      }
      const w = await http.get(`/api/admin/withdrawals/${withdrawalId}`, admin);
      expect(w.json().withdrawal.bankAccount.accountNumber).toBe(plain[0]);
      const list = await http.get(
        `/api/admin/bank-accounts?search=${encodeURIComponent('Old Customer')}`,
        admin,
      );
      expect(
        list
          .json()
          .items.map((a: { accountNumber: string }) => a.accountNumber)
          .sort(),
      ).toEqual(['XXXXXXXX4321', 'XXXXXXXX7777', 'XXXXXXXX9012', 'XXXXXXXXXXXXXX2211']);
      // A decision on a converted row is audited with its last 4 digits, from the masked column.
      const verified = await http.post(`/api/admin/bank-accounts/${ids[plain[1]]}/verify`, admin);
      expect(verified.statusCode).toBe(200);
      const [audit] = await db.query<{ after: Record<string, unknown> }>(
        `SELECT after FROM audit_log WHERE target_id = $1 AND action = 'bank_account.verified'`,
        [ids[plain[1]]],
      );
      expect(audit!.after).toMatchObject({ accountLast4: '2211' });
    });

    it('detects a duplicate of a converted number', async () => {
      // The owner of the legacy rows, signed in with a session made in SQL, adds one again.
      const token = newSessionToken();
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
       VALUES ($1, $2, now(), now() + interval '1 hour')`,
        [hashToken(token), userId],
      );
      const add = await api(apps[0]!).post('/api/me/bank-accounts', `sikka_session=${token}`, {
        accountNumber: plain[0],
        ifscCode: 'HDFC0001234',
        bankName: 'HDFC Bank',
        accountHolderName: 'Old Customer',
      });
      expect(add.statusCode).toBe(409);
      expect(add.json().error.code).toBe('duplicate_bank_account');
    });

    it('changes nothing when run again, at the next start or by itself', async () => {
      const before = await db.query(
        `SELECT b.id, b.account_number_hmac, v.ciphertext, v.iv, v.tag
         FROM bank_accounts b JOIN bank_account_vault v ON v.bank_account_id = b.id ORDER BY b.id`,
      );
      expect(before).toHaveLength(plain.length);
      await start();
      const vault = await loadVaultKey({ DATA_DIR: dataDir });
      expect(await sealPlainAccountNumbers(db, vault)).toBe(0);
      const after = await db.query(
        `SELECT b.id, b.account_number_hmac, v.ciphertext, v.iv, v.tag
         FROM bank_accounts b JOIN bank_account_vault v ON v.bank_account_id = b.id ORDER BY b.id`,
      );
      expect(after).toEqual(before);
    });
  },
);
