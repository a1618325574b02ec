import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToUnits } from '@sikka/contracts';
import { openPostgres } from '../support/server.ts';
import { createPgDatabase, pgUrl, postgresSkipReason } from '../support/databases.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { httpClient, type HttpClient } from './support/http-client.ts';
import { prng } from './support/prng.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { fundHttp, logInAdminHttp, withDatabase } from './support/trade-burst.ts';
import {
  checkWithdrawalBurst,
  retryUnansweredWd,
  signUpWithBankHttp,
  withdrawalBurstUntilCrash,
  type BankUser,
  type SentWd,
} from './support/withdrawal-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const RUNS = 4;
const USERS = 8;
const FUNDS = '200000';

/**
 * Item 3c: kill -9 of the server process in the middle of a burst of withdrawal requests and
 * admin approvals (each with its own Idempotency-Key, two keys now and then approving the same
 * withdrawal), 4 times; restart; resend every unanswered request with its key. Every 200
 * approval must have paid its withdrawal exactly once, no withdrawal may be paid twice or
 * without an acknowledged approval, and holds and payouts must match the ledger.
 */
describe.skipIf(!pgUrl())('crash: kill -9 of the server during withdrawal approvals', () => {
  let databaseUrl: string;
  let server: ServerProcess | undefined;
  let client: HttpClient;
  let admin: string;
  let adminId: string;
  const users: BankUser[] = [];
  const funded = new Map<string, bigint>();

  beforeAll(async () => {
    databaseUrl = await createPgDatabase();
    server = await startServerProcess({ databaseUrl });
    client = httpClient(server.baseUrl, { maxSockets: 16 });
    admin = await logInAdminHttp(client);
    await withDatabase(databaseUrl, async (db) => {
      for (let i = 0; i < USERS; i++) users.push(await signUpWithBankHttp(client, db));
      adminId = (await db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin'`))[0]!
        .id;
    });
    for (const u of users) {
      await fundHttp(client, u, admin, FUNDS);
      funded.set(u.id, decimalToUnits(FUNDS, 2));
    }
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  it('4 runs: every 200 approval paid exactly once, no double payout, holds = ledger', async () => {
    const rnd = prng(7014);
    const all: SentWd[] = [];
    const pending = new Map<string, BankUser>();
    const figures: string[] = [];
    const db = await openPostgres(databaseUrl, 2);
    try {
      for (let run = 1; run <= RUNS; run++) {
        const port = server!.port;
        const sent = await withdrawalBurstUntilCrash(client, users, admin, pending, {
          rnd,
          prefix: `wd${run}`,
          concurrency: 16,
          crashAfterMs: rnd.int(500, 1500),
          crash: () => server!.kill9(),
        });
        client.close();
        const restartAt = Date.now();
        server = await startServerProcess({ databaseUrl, port });
        const restartMs = Date.now() - restartAt;
        client = httpClient(server.baseUrl, { maxSockets: 16 });
        // The session survives the restart (it is in PostgreSQL).
        const cut = sent.filter((s) => s.first.status === 0);
        await retryUnansweredWd(client, sent, pending);
        all.push(...sent);
        const replayed = cut.filter((s) => s.final.replayed).length;
        const cutApprovals = cut.filter((s) => s.kind === 'approve').length;
        const check = await checkWithdrawalBurst(db, users, { id: adminId }, all, funded);
        const kinds = (k: SentWd['kind']) => sent.filter((s) => s.kind === k).length;
        figures.push(
          `run ${run}: ${kinds('request')} requests + ${kinds('approve')} approvals, ` +
            `${cut.length} cut (${cutApprovals} approvals; ${replayed} had committed → replayed, ` +
            `${cut.length - replayed} ran on retry); restart ${restartMs} ms`,
        );
        expect(cut.length, 'the kill must land mid-burst').toBeGreaterThan(0);
        expect(check.undecided).toEqual([]);
        expect(check.lost).toEqual([]);
        expect(check.duplicates).toEqual([]);
        expect(check.changedAnswers).toEqual([]);
        expect(check.paidUnacknowledged).toEqual([]);
        expect(check.moneyMismatches).toEqual([]);
        expect(await checkLedgerInvariants(db)).toEqual([]);
      }
      const last = await checkWithdrawalBurst(db, users, { id: adminId }, all, funded);
      const refusals = all.filter((s) => s.final.status >= 400);
      const codes: Record<string, number> = {};
      for (const s of refusals)
        codes[`${s.kind} ${s.final.code}`] = (codes[`${s.kind} ${s.final.code}`] ?? 0) + 1;
      console.log(
        `[crash-withdrawals] ${RUNS} kill -9 runs: ${figures.join('; ')}; total ${all.length} requests, ` +
          `${last.requests201} withdrawals requested, ${last.approvals200} approvals answered 200 = ` +
          `${last.paid} paid in DB, refusals ${JSON.stringify(codes)}; ${last.lost.length} lost, ` +
          `${last.duplicates.length} duplicates, ${last.paidUnacknowledged.length} paid unacknowledged, ` +
          `${last.moneyMismatches.length} balance/held/payout mismatches, invariants hold`,
      );
      expect(last.paid).toBe(last.approvals200);
      expect(all.some((s) => s.kind === 'approve' && s.first.status === 0)).toBe(true);
    } finally {
      await db.close();
    }
  }, 240_000);
});
