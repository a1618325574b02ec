import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../support/server.ts';
import { sleep } from '../support/realtime-client.ts';
import { createPgDatabase, pgUrl, postgresSkipReason } from '../support/databases.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { httpClient, type HttpClient } from './support/http-client.ts';
import { prng } from './support/prng.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import {
  databaseHashes,
  engines,
  fundSpot,
  hashesOf,
  postSpot,
  SPOT_ENV,
  waitForEngines,
} from './support/spot-exchange.ts';
import { checkLoad, retryUndecided, spotLoad, type SpotOp } from './support/spot-load.ts';
import { logInAdminHttp, signUpHttp, type HttpUser } from './support/trade-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const TAKEOVER_BOUND_MS = 5000;

/** Verified users with INR, USDT and BTC from the house. */
async function spotUsers(
  client: HttpClient,
  db: Db,
  n: number,
  inr: string,
  usdt: string,
  btc: string,
) {
  const users: HttpUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await signUpHttp(client, db);
    await fundSpot(db, u.id, 'INR', inr);
    await fundSpot(db, u.id, 'USDT', usdt);
    await fundSpot(db, u.id, 'BTC', btc);
    users.push(u);
  }
  return users;
}

const count = (ops: SpotOp[], pred: (op: SpotOp) => boolean) => ops.filter(pred).length;
const statuses = (ops: SpotOp[]) => {
  const out: Record<string, number> = {};
  for (const op of ops) {
    const k = `${op.kind} ${op.first.status}${op.first.code ? ` ${op.first.code.slice(0, 30)}` : ''}`;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
};

/**
 * Two server processes on one PostgreSQL database, each market's engine on the instance that
 * holds its advisory lock (ADR 018). kill -9 of the owner: the other instance takes every
 * market over within SPOT_TAKEOVER_MS plus the book's rebuild, with the same books.
 */
describe.skipIf(!pgUrl())('spot exchange: kill -9 of the engines’ instance', () => {
  let databaseUrl: string;
  let db: Db;
  const servers: Array<ServerProcess | undefined> = [];
  const clients: HttpClient[] = [];
  let admin: string;
  let users: HttpUser[];

  beforeAll(async () => {
    databaseUrl = await createPgDatabase();
    db = await openPostgres(databaseUrl, 2);
    for (let i = 0; i < 2; i++) {
      const s = await startServerProcess({ databaseUrl, env: SPOT_ENV });
      servers.push(s);
      clients.push(httpClient(s.baseUrl, { maxSockets: 8 }));
    }
    admin = await logInAdminHttp(clients[0]!);
    users = await spotUsers(clients[0]!, db, 8, '2000000', '20000', '2');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(servers.map((s) => s?.stop()));
    await db?.close();
  });

  it('quiesced kill, then a kill mid-load: the survivor takes over with the same books', async () => {
    const rnd = prng(1801);
    // A started first: it runs every market; B runs none and forwards through the inbox.
    expect((await engines(clients[0]!, admin)).length).toBe(6);
    expect(await engines(clients[1]!, admin)).toEqual([]);

    // a) Quiesced: a few hundred orders through both instances, all answered, then kill -9 A.
    const quiet = await spotLoad({
      pick: (n) => ({ client: clients[n % 2]!, via: n % 2 }),
      users,
      rnd,
      prefix: 'quiet',
      concurrency: 8,
      maxOps: 360,
      cancelShare: 0.1,
    });
    const quietCheck = await checkLoad(db, users, quiet);
    expect(quietCheck.undecided, JSON.stringify(statuses(quiet))).toEqual([]);
    expect(quietCheck.mismatches).toEqual([]);
    expect(quietCheck.unexplained).toEqual([]);
    const before = hashesOf(await engines(clients[0]!, admin));
    expect(before).toEqual(await databaseHashes(db));
    const restingBefore = (await engines(clients[0]!, admin)).reduce((a, e) => a + e.orders, 0);

    await servers[0]!.kill9();
    clients[0]!.close();
    const takeoverB = await waitForEngines(clients[1]!, admin, 6, 15_000);
    expect(hashesOf(takeoverB.engines)).toEqual(before);
    expect(takeoverB.ms).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);

    // b) A restarts (it runs nothing: B holds the locks); then B dies mid-load.
    servers[0] = await startServerProcess({ databaseUrl, env: SPOT_ENV });
    clients[0] = httpClient(servers[0].baseUrl, { maxSockets: 8 });
    expect(await engines(clients[0], admin)).toEqual([]);
    let bAlive = true;
    let killedAt = 0;
    let takeoverA = 0;
    const load = spotLoad({
      pick: (n) =>
        bAlive && n % 2 === 1 ? { client: clients[1]!, via: 1 } : { client: clients[0]!, via: 0 },
      users,
      rnd,
      prefix: 'mid',
      concurrency: 8,
      until: (async () => {
        await sleep(1500);
        await servers[1]!.kill9();
        killedAt = Date.now();
        bAlive = false;
        takeoverA = (await waitForEngines(clients[0]!, admin, 6, 15_000)).ms;
        // Keep A busy a little longer with the books it rebuilt.
        await sleep(Math.max(500, 4000 - (Date.now() - killedAt) - 1500));
      })(),
    });
    const mid = await load;
    servers[1] = undefined;
    // Cut (connection reset or refused) or 503: retried below with the same Idempotency-Key.
    const cut = mid.filter((op) => op.first.status === 0 || op.first.status >= 500);
    await retryUndecided(clients[0], mid);
    const midCheck = await checkLoad(db, users, [...quiet, ...mid]);
    const replayed = count(cut, (op) => op.kind === 'place' && op.final.replayed);
    const figures =
      `a) ${quiet.length} requests, ${quietCheck.acknowledged} orders acknowledged, ` +
      `${quietCheck.fills} fills, ${restingBefore} resting in 6 books; kill -9 A → B ran all 6 ` +
      `engines in ${takeoverB.ms} ms with equal hashes. b) ${mid.length} requests ` +
      `(${count(mid, (op) => op.via === 1)} via B) ${JSON.stringify(statuses(mid))}; ` +
      `kill -9 B → A took over in ${takeoverA} ms; ${cut.length} without a definitive answer ` +
      `(${replayed} places had committed → replayed on retry); total ${midCheck.acknowledged} orders, ` +
      `${midCheck.fills} fills`;
    console.log(`[spot] ${figures}`);
    expect(
      mid.filter((op) => op.via === 1 && op.first.status === 0).length,
      'the kill must cut requests',
    ).toBeGreaterThan(0);
    expect(midCheck.undecided).toEqual([]);
    expect(midCheck.mismatches).toEqual([]);
    expect(midCheck.unexplained).toEqual([]);
    expect(midCheck.halfDone).toEqual([]);
    expect(await checkLedgerInvariants(db)).toEqual([]);
    expect(hashesOf(await engines(clients[0], admin))).toEqual(await databaseHashes(db));
    expect(takeoverA).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
  }, 120_000);
});

/** Tests 2 and 3: concurrent load on one instance, and a double-spend race on two. */
describe.skipIf(!pgUrl())('spot exchange: money under concurrency', () => {
  let databaseUrl: string;
  let db: Db;
  const servers: ServerProcess[] = [];
  const clients: HttpClient[] = [];
  let admin: string;

  beforeAll(async () => {
    databaseUrl = await createPgDatabase();
    db = await openPostgres(databaseUrl, 2);
    for (let i = 0; i < 2; i++) {
      const s = await startServerProcess({
        databaseUrl,
        env: { ...SPOT_ENV, SPOT_REMOTE_TIMEOUT_MS: '1500' },
      });
      servers.push(s);
      clients.push(httpClient(s.baseUrl, { maxSockets: 12 }));
    }
    admin = await logInAdminHttp(clients[0]!);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
  });

  it('concurrent crossing orders in two INR markets, cancels racing fills: reserves stay exact', async () => {
    // Little money each, so orders in USDT-INR and BTC-INR compete for the same INR.
    const users = await spotUsers(clients[0]!, db, 12, '6000', '40', '0.002');
    const started = Date.now();
    const ops = await spotLoad({
      pick: () => ({ client: clients[0]!, via: 0 }),
      users,
      rnd: prng(1802),
      prefix: 'conc',
      concurrency: 12,
      until: sleep(4000),
      cancelShare: 0.3,
    });
    const ms = Date.now() - started;
    const check = await checkLoad(db, users, ops);
    const violations = await checkLedgerInvariants(db);
    const [money] = await db.query<{ neg: string }>(
      `SELECT count(*)::text AS neg FROM users WHERE balance < 0 OR inr_reserved < 0`,
    );
    console.log(
      `[spot] concurrent: ${ops.length} requests in ${ms} ms by 12 workers on 12 users ` +
        `${JSON.stringify(statuses(ops))}; ${check.acknowledged} orders, ${check.fills} fills; ` +
        `invariants: ${violations.length} violations`,
    );
    expect(
      count(ops, (op) => op.first.status === 422),
      'funds must run out',
    ).toBeGreaterThan(0);
    expect(count(ops, (op) => op.kind === 'cancel' && op.first.status === 200)).toBeGreaterThan(0);
    expect(check.fills).toBeGreaterThan(0);
    expect(check.undecided).toEqual([]);
    expect(check.mismatches).toEqual([]);
    expect(check.unexplained).toEqual([]);
    expect(check.halfDone).toEqual([]);
    expect(violations).toEqual([]);
    expect(money?.neg).toBe('0');
    expect(hashesOf(await engines(clients[0]!, admin))).toEqual(await databaseHashes(db));
  }, 60_000);

  it('10 identical orders at once through both instances, money for one: exactly one accepted', async () => {
    const figures: string[] = [];
    for (let round = 0; round < 3; round++) {
      const user = await signUpHttp(clients[0]!, db);
      // XRP-INR at 50.00 × 2 = ₹100 + at most 0.2% fee = ₹100.20 reserved, exactly what they have.
      await fundSpot(db, user.id, 'INR', '100.20');
      const body = {
        market: 'XRP-INR',
        side: 'buy',
        type: 'limit',
        price: '50.00',
        quantity: '2.0',
      };
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          postSpot(clients[i % 2]!, user, '/api/spot/orders', body),
        ),
      );
      const [row] = await db.query<{ balance: string; reserved: string; orders: string }>(
        `SELECT balance::text, inr_reserved::text AS reserved,
                (SELECT count(*) FROM spot_orders WHERE user_id = $1)::text AS orders
           FROM users WHERE id = $1`,
        [user.id],
      );
      const got = answers.map((a) => `${a.status}${a.code ? ` ${a.code}` : ''}`).sort();
      figures.push(`round ${round + 1}: ${JSON.stringify(got)} balance ${row?.balance}`);
      expect(got).toEqual(['201', ...Array<string>(9).fill('422 insufficient_funds')]);
      expect(row).toEqual({ balance: '0.00', reserved: '100.20', orders: '1' });
    }
    expect(await checkLedgerInvariants(db)).toEqual([]);
    console.log(`[spot] double spend: ${figures.join('; ')}`);
  }, 60_000);

  // Last in this describe: it stops the engines' instance for a while.
  it('a forwarded order answered 503 after the owner stalled is never placed later', async () => {
    const user = await signUpHttp(clients[0]!, db);
    await fundSpot(db, user.id, 'INR', '1000');
    const body = { market: 'XRP-INR', side: 'buy', type: 'limit', price: '50.00', quantity: '2.0' };
    const owner = servers[0]!;
    process.kill(owner.pid, 'SIGSTOP');
    let answer;
    try {
      answer = await postSpot(clients[1]!, user, '/api/spot/orders', body);
    } finally {
      process.kill(owner.pid, 'SIGCONT');
    }
    expect(`${answer.status} ${answer.code}`).toBe('503 spot_unavailable');
    // The owner runs again: had the request stayed in the inbox, it would be placed now.
    await sleep(2000);
    const [row] = await db.query<{ balance: string; orders: string; inbox: string }>(
      `SELECT balance::text,
              (SELECT count(*) FROM spot_orders WHERE user_id = $1)::text AS orders,
              (SELECT count(*) FROM spot_inbox)::text AS inbox
         FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row).toEqual({ balance: '1000.00', orders: '0', inbox: '0' });
    // And the exchange still works through the same instance.
    const again = await postSpot(clients[1]!, user, '/api/spot/orders', body);
    expect(again.status).toBe(201);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  }, 60_000);
});
