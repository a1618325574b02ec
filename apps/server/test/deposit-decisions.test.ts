import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { api, pool, utr } from '../../../test/support/money-helpers.ts';

/*
 * The admin's approve / reject of an INR deposit takes an Idempotency-Key like every other
 * admin decision (ADR 012): a retried click replays the first answer, the key is bound to its
 * decision, and parallel approvals credit the user once.
 */
describe.each(availableDrivers())('deposit decisions with an Idempotency-Key on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const errorOf = (res: LightMyRequestResponse) =>
    (res.json() as { error: { code: string } }).error;
  const decide = (id: string, path: 'approve' | 'reject', key?: string) =>
    http.post(
      `/api/admin/deposits/${id}/${path}`,
      admin,
      path === 'reject' ? { reason: 'UTR not found in the bank statement' } : undefined,
      key ? { 'idempotency-key': key } : {},
    );

  async function pendingDeposit(amount = '2500') {
    const user = await signUpVerified(t.app);
    const res = await http.post('/api/deposits', user.cookie, { amount, utrNumber: utr() });
    if (res.statusCode !== 201) throw new Error(`deposit failed: ${res.statusCode} ${res.body}`);
    return { user, id: res.json().deposit.id as string };
  }
  const inrOf = async (cookie: string) =>
    (await http.get('/api/me', cookie)).json().balances.inr as string;

  it('replays an approval with the same key: the first answer, one credit', async () => {
    const d = await pendingDeposit();
    const first = await decide(d.id, 'approve', 'approve-deposit-once');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await decide(d.id, 'approve', 'approve-deposit-once');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await inrOf(d.user.cookie)).toBe('2500.00');
    // Another key meets the decided deposit.
    const other = await decide(d.id, 'approve', 'another-key');
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe('invalid_state');
  });

  it('binds a key to its decision: the same key for another deposit or a rejection is refused', async () => {
    const a = await pendingDeposit();
    const b = await pendingDeposit();
    expect((await decide(a.id, 'reject', 'deposit-key-1')).statusCode).toBe(200);
    const reused = await decide(b.id, 'reject', 'deposit-key-1');
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).code).toBe('idempotency_conflict');
    const flipped = await decide(a.id, 'approve', 'deposit-key-1');
    expect(errorOf(flipped).code).toBe('idempotency_conflict');
    expect(await inrOf(a.user.cookie)).toBe('0.00');
    expect(await inrOf(b.user.cookie)).toBe('0.00');
  });

  it('20 parallel approvals, half with one key, credit once', async () => {
    const d = await pendingDeposit('1000');
    const answers = await pool(
      Array.from(
        { length: 20 },
        (_, i) => () => decide(d.id, 'approve', i % 2 === 0 ? 'parallel-key' : `key-${i}`),
      ),
      20,
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    // The shared key's ten answers are one answer; the others are refused as decided or
    // (while the first holds the key) retried later.
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.json().deposit.decidedAt)).size).toBe(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect([409, 429]).toContain(r.statusCode);
    }
    expect(await inrOf(d.user.cookie)).toBe('1000.00');
  });
});
