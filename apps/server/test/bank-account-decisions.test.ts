import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { messages } from '@sikka/contracts';
import { availableDrivers, pgUrl } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { api, pool } from '../../../test/support/money-helpers.ts';

/*
 * The admin's verify / reject of an account a user added (issue 14) takes an Idempotency-Key
 * like the withdrawal decisions (ADR 012): a replay answers with the first answer, parallel
 * decisions act once with one audit row, another key on a decided account is refused.
 */

let accountCounter = 0;
/** A verified user with one added, pending account; its digits differ from every other's. */
async function pendingAccount(app: FastifyInstance) {
  const user = await signUpVerified(app);
  accountCounter += 1;
  const digits = `6${String(Date.now() % 1e9).padStart(9, '0')}${String(accountCounter).padStart(4, '0')}`;
  const res = await api(app).post('/api/me/bank-accounts', user.cookie, {
    accountNumber: digits,
    ifscCode: 'ICIC0001234',
    bankName: 'ICICI Bank',
    accountHolderName: user.fullName,
  });
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return { user, digits, id: res.json().bankAccount.id as string };
}

const errorOf = (res: LightMyRequestResponse) => (res.json() as { error: { code: string } }).error;

async function decisionAudit(app: FastifyInstance, accountId: string) {
  return app.db.query<{ action: string; actor_id: string }>(
    `SELECT action, actor_id::text FROM audit_log
      WHERE target_id = $1 AND action IN ('bank_account.verified', 'bank_account.rejected')`,
    [accountId],
  );
}

describe.each(availableDrivers())(
  'bank account decisions with an Idempotency-Key on %s',
  (driver) => {
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

    const verify = (id: string, key?: string) =>
      http.post(
        `/api/admin/bank-accounts/${id}/verify`,
        admin,
        undefined,
        key ? { 'idempotency-key': key } : {},
      );
    const reject = (id: string, reason: string, key?: string) =>
      http.post(
        `/api/admin/bank-accounts/${id}/reject`,
        admin,
        { reason },
        key ? { 'idempotency-key': key } : {},
      );

    it('replays a verify with the same key: the first answer again, one decision, one audit row', async () => {
      const a = await pendingAccount(t.app);
      const first = await verify(a.id, 'verify-once');
      expect(first.statusCode).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(first.json().bankAccount).toMatchObject({ id: a.id, status: 'verified' });
      const again = await verify(a.id, 'verify-once');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await decisionAudit(t.app, a.id)).toEqual([
        { action: 'bank_account.verified', actor_id: adminId },
      ]);
      // The account is usable once, not twice verified: the user sees it verified.
      const own = (await http.get('/api/me/bank-accounts', a.user.cookie)).json().bankAccounts;
      expect(own.find((b: { id: string }) => b.id === a.id).status).toBe('verified');
    });

    it('replays a reject with the same key, reason included', async () => {
      const a = await pendingAccount(t.app);
      const first = await reject(a.id, 'Holder name differs from KYC', 'reject-once');
      const again = await reject(a.id, 'Holder name differs from KYC', 'reject-once');
      expect(first.statusCode).toBe(200);
      expect(first.json().bankAccount).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Holder name differs from KYC',
      });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await decisionAudit(t.app, a.id)).toHaveLength(1);
    });

    it('answers another key on a decided account with the existing "already decided" error', async () => {
      const a = await pendingAccount(t.app);
      expect((await verify(a.id, 'first-decision')).statusCode).toBe(200);
      for (const res of [
        await verify(a.id, 'second-decision'),
        await reject(a.id, 'too late', 'third-decision'),
        await verify(a.id),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(errorOf(res)).toMatchObject({
          code: 'invalid_state',
          message: messages.bankAccounts.notPending('verified'),
        });
        expect(res.headers['idempotent-replayed']).toBeUndefined();
      }
      expect(await decisionAudit(t.app, a.id)).toHaveLength(1);
      // A refused decision stores nothing: its key is free for a later request.
      const stored = await t.app.db.query(
        `SELECT key FROM idempotency_keys WHERE user_id = $1 AND key IN ('second-decision', 'third-decision')`,
        [adminId],
      );
      expect(stored).toEqual([]);
    });

    it('refuses the same key for another decision or another account', async () => {
      const a = await pendingAccount(t.app);
      const b = await pendingAccount(t.app);
      expect((await verify(a.id, 'one-key')).statusCode).toBe(200);
      for (const res of [
        await reject(a.id, 'changed my mind', 'one-key'),
        await verify(b.id, 'one-key'),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(errorOf(res).code).toBe('idempotency_conflict');
      }
      expect(
        (await http.get(`/api/admin/bank-accounts?search=${b.id}`, admin)).json().items,
      ).toEqual([expect.objectContaining({ id: b.id, status: 'pending' })]);
    });

    it('checks the key, the id and the role as before', async () => {
      const a = await pendingAccount(t.app);
      const badKey = await verify(a.id, 'has space');
      expect(badKey.statusCode).toBe(400);
      expect(errorOf(badKey)).toMatchObject({ code: 'validation_error' });
      for (const id of ['not-a-uuid', randomUUID()]) {
        const res = await verify(id, `missing-${id}`);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('not_found');
      }
      const byUser = await http.post(
        `/api/admin/bank-accounts/${a.id}/verify`,
        a.user.cookie,
        undefined,
        {
          'idempotency-key': 'not-an-admin',
        },
      );
      expect(byUser.statusCode).toBe(403);
      const blank = await reject(a.id, ' ', 'blank-reason');
      expect(blank.statusCode).toBe(400);
      expect(await decisionAudit(t.app, a.id)).toEqual([]);
    });
  },
);

/** Races on real PostgreSQL (PGlite serves one connection at a time, so no race happens there). */
describe.skipIf(!pgUrl())('bank account decisions under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('postgres', {}, { poolSize: 30 });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('20 parallel decisions with different keys: exactly one takes effect, one audit row', async () => {
    const a = await pendingAccount(t.app);
    const results = await pool(
      Array.from(
        { length: 20 },
        (_, i) => () =>
          i % 2 === 0
            ? http.post(`/api/admin/bank-accounts/${a.id}/verify`, admin, undefined, {
                'idempotency-key': `race-${i}`,
              })
            : http.post(
                `/api/admin/bank-accounts/${a.id}/reject`,
                admin,
                { reason: 'race' },
                { 'idempotency-key': `race-${i}` },
              ),
      ),
      20,
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter(
      (r) => r.statusCode === 409 && errorOf(r).code === 'invalid_state',
    );
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const status = ok[0]!.json().bankAccount.status as string;
    for (const r of refused) {
      expect(errorOf(r)).toMatchObject({ message: messages.bankAccounts.notPending(status) });
    }
    expect(await decisionAudit(t.app, a.id)).toEqual([
      expect.objectContaining({ action: `bank_account.${status}` }),
    ]);
  });

  it('20 parallel sends of one decision with one key: one decision, the same answer to all', async () => {
    const a = await pendingAccount(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        http.post(`/api/admin/bank-accounts/${a.id}/verify`, admin, undefined, {
          'idempotency-key': 'one-click',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    for (const r of results) expect(r.json()).toEqual(results[0]!.json());
    expect(await decisionAudit(t.app, a.id)).toHaveLength(1);
  });
});
