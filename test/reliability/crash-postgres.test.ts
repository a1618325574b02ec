import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgres } from '../support/server.ts';
import { utr } from '../support/money-helpers.ts';
import { connect } from '../support/realtime-client.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { freePort, startDurableCluster, type DurableCluster } from './support/durable-pg.ts';
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

// Runs where the shared test cluster runs: same binaries, own cluster.
if (!pgUrl()) console.warn(postgresSkipReason());

const RUNS = 5;
const USERS = 8;

/**
 * Item 3b: kill -9 of PostgreSQL (postmaster and every backend) in the middle of a burst, 5
 * times, on a cluster with fsync and synchronous_commit ON. The server keeps running and must
 * reconnect by itself; after WAL replay every acknowledged trade is there, retries with the
 * same Idempotency-Keys make no duplicates, and balance events still reach open sockets.
 */
describe.skipIf(!pgUrl())('crash: kill -9 of PostgreSQL mid-burst', () => {
  let cluster: DurableCluster;
  let databaseUrl: string;
  let server: ServerProcess;
  let client: HttpClient;
  let admin: string;
  let users: HttpUser[];

  beforeAll(async () => {
    const started = startDurableCluster(await freePort());
    if ('missing' in started) throw new Error(started.missing);
    cluster = started;
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    await c.query('CREATE DATABASE sikka');
    await c.end();
    databaseUrl = cluster.urlOf('sikka');
    server = await startServerProcess({ databaseUrl });
    client = httpClient(server.baseUrl, { maxSockets: 16 });
    admin = await logInAdminHttp(client);
    users = [];
    await withDatabase(databaseUrl, async (db) => {
      for (let i = 0; i < USERS; i++) users.push(await signUpHttp(client, db));
    });
    for (const u of users) await fundHttp(client, u, admin, '50000');
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
    cluster?.stop();
  });

  it('5 runs: durable acknowledged trades, no duplicates on retry, the server reconnects', async () => {
    const rnd = prng(7002);
    const all: SentTrade[] = [];
    const figures: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const sent = await burstUntilCrash(client, users, {
        rnd,
        prefix: `pg${run}`,
        concurrency: 16,
        crashAfterMs: rnd.int(500, 1500),
        crash: () => cluster.crash(),
      });
      // While PostgreSQL is down the server answers, with errors; nothing hangs.
      const whileDown = await client.get('/api/me', users[0]!.cookie).catch((err: unknown) => {
        throw new Error(
          `server gone after the database crash: ${String(err)}\n${server.output().slice(-3000)}`,
        );
      });
      const recoveryMs = cluster.restart();
      const failed = sent.filter(
        (t) => t.first.status !== 201 && t.first.status < 500 && t.first.status !== 0,
      );
      const cut = sent.filter((t) => t.first.status === 0 || t.first.status >= 500).length;
      const retryAt = Date.now();
      await retryUnanswered(client, sent);
      const retryMs = Date.now() - retryAt;
      all.push(...sent);
      const replayed = sent.filter((t) => t.first.status !== 201 && t.final.replayed).length;

      const db = await openPostgres(databaseUrl, 2);
      try {
        const check = await checkBurst(db, users, all);
        figures.push(
          `run ${run}: ${sent.length} sent, ${sent.filter((t) => t.first.status === 201).length} acked, ` +
            `${cut} failed by the crash (${replayed} had committed → replayed); ` +
            `while down GET /api/me → ${whileDown.status}; WAL recovery ${recoveryMs} ms; ` +
            `all answered ${retryMs} ms later`,
        );
        expect(cut, 'the crash must land mid-burst').toBeGreaterThan(0);
        expect(whileDown.status).toBe(500);
        expect(
          failed
            .map((t) => `${t.first.status} ${t.first.code}`)
            .filter((s) => !/insufficient/.test(s)),
        ).toEqual([]);
        expect(check.undecided).toEqual([]);
        expect(check.lost).toEqual([]);
        expect(check.duplicates).toEqual([]);
        expect(check.changedAnswers).toEqual([]);
        expect(check.tradesInDb).toBe(check.acknowledged);
        expect(await checkLedgerInvariants(db)).toEqual([]);
      } finally {
        await db.close();
      }
    }

    // The same server process, never restarted: its balance events still flow after 5 crashes.
    const u = users[0]!;
    const socket = await connect(`${server.baseUrl.replace('http', 'ws')}/api/realtime`, {
      headers: { cookie: u.cookie },
    });
    try {
      await socket.next('snapshot');
      const dep = await client.post('/api/deposits', u.cookie, { amount: '123', utrNumber: utr() });
      const id = dep.json<{ deposit: { id: string } }>().deposit.id;
      const eventAt = Date.now();
      expect((await client.post(`/api/admin/deposits/${id}/approve`, admin)).status).toBe(200);
      const event = await socket.next('balance', 10_000);
      figures.push(
        `balance event after the crashes in ${Date.now() - eventAt} ms (${event.balances.inr})`,
      );
    } finally {
      socket.close();
    }
    console.log(`[crash-postgres] ${RUNS} kill -9 runs (fsync on): ${figures.join('; ')}`);
  }, 240_000);
});
