import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../support/server.ts';
import { createPgDatabase, pgUrl, postgresSkipReason } from '../support/databases.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { httpClient, type HttpClient } from './support/http-client.ts';
import { prng } from './support/prng.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import {
  burstUntilCrash,
  checkBurst,
  fundHttp,
  logInAdminHttp,
  retryUnanswered,
  signUpHttp,
  withDatabase,
  type HttpUser,
  type SentTrade,
} from './support/trade-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const RUNS = 5;
const USERS = 8;

/**
 * Item 3a: kill -9 of the server process in the middle of a burst of quick trades, 5 times.
 * The database (PostgreSQL, untouched) must hold every acknowledged trade, and retrying each
 * unanswered request with its Idempotency-Key must make no second trade.
 */
describe.skipIf(!pgUrl())('crash: kill -9 of the server mid-burst', () => {
  let databaseUrl: string;
  let server: ServerProcess | undefined;
  let client: HttpClient;
  let users: HttpUser[];

  beforeAll(async () => {
    databaseUrl = await createPgDatabase();
    server = await startServerProcess({ databaseUrl });
    client = httpClient(server.baseUrl, { maxSockets: 16 });
    const admin = await logInAdminHttp(client);
    users = [];
    await withDatabase(databaseUrl, async (db) => {
      for (let i = 0; i < USERS; i++) users.push(await signUpHttp(client, db));
    });
    for (const u of users) await fundHttp(client, u, admin, '50000');
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  it('5 runs: acknowledged trades survive, retries with the same keys make no duplicates', async () => {
    const rnd = prng(7001);
    const all: SentTrade[] = [];
    const figures: string[] = [];
    const db = await openPostgres(databaseUrl, 2);
    try {
      for (let run = 1; run <= RUNS; run++) {
        const port = server!.port;
        const sent = await burstUntilCrash(client, users, {
          rnd,
          prefix: `srv${run}`,
          concurrency: 16,
          crashAfterMs: rnd.int(500, 1500),
          crash: () => server!.kill9(),
        });
        client.close();
        const restartAt = Date.now();
        server = await startServerProcess({ databaseUrl, port });
        const restartMs = Date.now() - restartAt;
        client = httpClient(server.baseUrl, { maxSockets: 16 });
        const unanswered = sent.filter((t) => t.first.status === 0).length;
        await retryUnanswered(client, sent);
        all.push(...sent);
        const replayed = sent.filter((t) => t.first.status === 0 && t.final.replayed).length;
        const check = await checkBurst(db, users, all);
        figures.push(
          `run ${run}: ${sent.length} sent, ${sent.filter((t) => t.first.status === 201).length} acked, ` +
            `${unanswered} cut (${replayed} had committed → replayed, ${unanswered - replayed} ran on retry); ` +
            `restart ${restartMs} ms`,
        );
        expect(unanswered, 'the kill must land mid-burst').toBeGreaterThan(0);
        expect(check.undecided).toEqual([]);
        expect(check.lost).toEqual([]);
        expect(check.duplicates).toEqual([]);
        expect(check.changedAnswers).toEqual([]);
        expect(check.tradesInDb).toBe(check.acknowledged);
        expect(await checkLedgerInvariants(db)).toEqual([]);
      }
      const last = await checkBurst(db, users, all);
      console.log(
        `[crash-server] ${RUNS} kill -9 runs: ${figures.join('; ')}; total ${all.length} requests, ` +
          `${last.tradesInDb} trades in DB = ${last.acknowledged} acknowledged, ${last.lost.length} lost, ` +
          `${last.duplicates.length} duplicates, invariants hold`,
      );
    } finally {
      await db.close();
    }
  }, 240_000);
});
