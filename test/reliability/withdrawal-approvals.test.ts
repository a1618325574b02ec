import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { errorCodeOf, httpClient, type HttpClient } from './support/http-client.ts';
import { fundHttp, logInAdminHttp } from './support/trade-burst.ts';
import { payoutUtr, signUpWithBankHttp } from './support/withdrawal-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const PARALLEL = 40;
const ROUNDS = 5;

/**
 * Item 12: 40 approvals of one withdrawal at once (each with its own payout UTR, no
 * Idempotency-Key), over real HTTP keep-alive sockets to a listening server on PostgreSQL,
 * 5 times; then a race of 20 approvals, 19 rejections and the owner's cancellation. Exactly
 * one decision wins each time; the rest are 409 invalid_state; one payout, hold back to 0.
 */
describe.skipIf(!pgUrl())('parallel withdrawal decisions over HTTP on PostgreSQL', () => {
  let t: TestApp;
  let client: HttpClient;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp('postgres', { MARKET_AUTOSTART: false }, { poolSize: 20 });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    client = httpClient(address, { maxSockets: PARALLEL + 1 });
    admin = await logInAdminHttp(client);
  });
  afterAll(async () => {
    client?.close();
    await t?.close();
  });

  const ledgerOf = (id: string) =>
    t.app.db.query<{ operation_type: string; account: string; amount: string }>(
      `SELECT operation_type, account, amount::text AS amount FROM ledger_entries
        WHERE operation_id = $1 ORDER BY id`,
      [id],
    );
  const moneyOf = async (userId: string) =>
    (
      await t.app.db.query<{ inr: string; held: string }>(
        'SELECT balance::text AS inr, inr_held::text AS held FROM users WHERE id = $1',
        [userId],
      )
    )[0]!;

  it(`${PARALLEL} parallel approvals → 1 payout, ${PARALLEL - 1} refusals, held back to 0 (× ${ROUNDS})`, async () => {
    const u = await signUpWithBankHttp(client, t.app.db);
    await fundHttp(client, u, admin, '10000');
    const figures: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const req = await client.post('/api/withdrawals', u.cookie, {
        amount: '1000',
        bankAccountId: u.accountId,
      });
      expect(req.status).toBe(201);
      const id = req.json<{ withdrawal: { id: string } }>().withdrawal.id;
      expect(await moneyOf(u.id)).toEqual({
        inr: `${10 - round}000.00`,
        held: '1000.00',
      });
      const utrs = Array.from({ length: PARALLEL }, () => payoutUtr('PAR'));
      const at = performance.now();
      const answers = await Promise.all(
        utrs.map((utrNumber) =>
          client.post(`/api/admin/withdrawals/${id}/approve`, admin, { utrNumber }),
        ),
      );
      const ms = performance.now() - at;
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 409 && errorCodeOf(a) === 'invalid_state');
      expect(ok.length).toBe(1);
      expect(refused.length).toBe(PARALLEL - 1);
      const winner = utrs[answers.indexOf(ok[0]!)]!;
      const row = (
        await t.app.db.query<{ status: string; utr: string }>(
          'SELECT status, utr_number AS utr FROM withdrawals WHERE id = $1',
          [id],
        )
      )[0]!;
      expect(row).toEqual({ status: 'paid', utr: winner });
      expect((await ledgerOf(id)).filter((e) => e.operation_type === 'withdrawal_payout')).toEqual([
        { operation_type: 'withdrawal_payout', account: 'user_held', amount: '-1000.00000000' },
        { operation_type: 'withdrawal_payout', account: 'bank_payout', amount: '1000.00000000' },
      ]);
      expect(await moneyOf(u.id)).toEqual({ inr: `${10 - round}000.00`, held: '0.00' });
      figures.push(`${ok.length}×200 + ${refused.length}×409 in ${ms.toFixed(0)} ms`);
    }

    // Approvals, rejections and the owner's cancellation race for one withdrawal.
    const req = await client.post('/api/withdrawals', u.cookie, {
      amount: '500',
      bankAccountId: u.accountId,
    });
    const id = req.json<{ withdrawal: { id: string } }>().withdrawal.id;
    const racers = [
      ...Array.from(
        { length: 20 },
        () => () =>
          client.post(`/api/admin/withdrawals/${id}/approve`, admin, {
            utrNumber: payoutUtr('RACE'),
          }),
      ),
      ...Array.from(
        { length: 19 },
        () => () =>
          client.post(`/api/admin/withdrawals/${id}/reject`, admin, { reason: 'Name mismatch' }),
      ),
      () => client.post(`/api/withdrawals/${id}/cancel`, u.cookie),
    ];
    const answers = await Promise.all(racers.map((send) => send()));
    const winners = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409 && errorCodeOf(a) === 'invalid_state');
    expect(winners.length).toBe(1);
    expect(refused.length).toBe(racers.length - 1);
    const status = winners[0]!.json<{ withdrawal: { status: string } }>().withdrawal.status;
    const entries = await ledgerOf(id);
    expect(entries.length).toBe(4); // the hold, then exactly one payout or release
    expect(await moneyOf(u.id)).toEqual({
      inr: status === 'paid' ? '4500.00' : '5000.00',
      held: '0.00',
    });
    const violations = await checkLedgerInvariants(t.app.db);
    console.log(
      `[withdrawal-approvals] ${PARALLEL} parallel approvals over HTTP keep-alive, ${ROUNDS} rounds: ` +
        `${figures.join('; ')}; race of 20 approvals + 19 rejections + 1 cancel: 1 ${status}, ` +
        `${refused.length}×409; held 0.00; invariant violations ${violations.length}`,
    );
    expect(violations).toEqual([]);
  }, 120_000);
});
