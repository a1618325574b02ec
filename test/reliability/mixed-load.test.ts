import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToUnits, unitsToDecimal } from '@sikka/contracts';
import { quickPrices } from '@sikka/contracts';
import { utr } from '../support/money-helpers.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { checkLedgerInvariants, ledgerTotals } from '../support/invariants.ts';
import {
  errorCodeOf,
  httpClient,
  type HttpAnswer,
  type HttpClient,
} from './support/http-client.ts';
import { median, prng } from './support/prng.ts';
import { fundHttp, logInAdminHttp, signUpHttp, type HttpUser } from './support/trade-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const USERS = 50;
const DURATION_MS = 10_000;

/**
 * Item 1: 50 users, each a closed loop of buys, sells and deposit requests, and the admin
 * approving and rejecting, for 10 s over real HTTP (keep-alive sockets to a listening server)
 * on PostgreSQL. Every answer must be a success or a refusal we can name; afterwards the
 * database must match what the API acknowledged, to the paisa and the satoshi-of-USDT.
 */
describe.skipIf(!pgUrl())('mixed load over HTTP on PostgreSQL', () => {
  let t: TestApp;
  let client: HttpClient;
  let admin: string;
  let ratePaise = 8770n;

  beforeAll(async () => {
    t = await startTestApp(
      'postgres',
      { MARKET_AUTOSTART: false },
      { poolSize: 20, usdtInrRate: () => unitsToDecimal(ratePaise, 2) },
    );
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    client = httpClient(address, { maxSockets: USERS });
    admin = await logInAdminHttp(client);
  });
  afterAll(async () => {
    client?.close();
    await t?.close();
  });

  it('50 users × 10 s of buys, sells, deposits and approvals: conserved, exact, 0 unexplained', async () => {
    const rnd = prng(20251123);
    const users: HttpUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await signUpHttp(client, t.app.db));
    // What the API acknowledged, per user, in exact units (paise, 1e-8 USDT).
    const model = new Map(users.map((u) => [u.id, { inr: 0n, usdt: 0n }]));
    for (const u of users) {
      const amount = unitsToDecimal(BigInt(rnd.int(500_000, 5_000_000)), 2);
      await fundHttp(client, u, admin, amount);
      model.get(u.id)!.inr += decimalToUnits(amount, 2);
    }

    const counts: Record<string, number> = {};
    const count = (k: string) => void (counts[k] = (counts[k] ?? 0) + 1);
    const unexplained: string[] = [];
    const latencies: number[] = [];
    const acked = new Set<string>();
    const pending: string[] = [];
    const timed = async (send: () => Promise<HttpAnswer>) => {
      const at = performance.now();
      const res = await send();
      latencies.push(performance.now() - at);
      return res;
    };
    const onTrade = (userId: string, res: HttpAnswer) => {
      const trade = res.json<{
        trade: { id: string; type: string; amount: string; total: string };
      }>().trade;
      if (acked.has(trade.id)) return; // an idempotent replay
      acked.add(trade.id);
      const m = model.get(userId)!;
      const sign = trade.type === 'buy' ? 1n : -1n;
      m.usdt += sign * decimalToUnits(trade.amount, 8);
      m.inr -= sign * decimalToUnits(trade.total, 2);
    };

    const started = Date.now();
    const running = () => Date.now() - started < DURATION_MS;
    const userLoop = async (u: HttpUser, n: number) => {
      let i = 0;
      while (running()) {
        i += 1;
        const roll = rnd.next();
        const seen = quickPrices(unitsToDecimal(ratePaise, 2));
        if (roll < 0.8) {
          const side = roll < 0.45 ? 'buy' : 'sell';
          // From 0.15 USDT: above the ₹10.00 minimum trade total while the rate wanders here.
          const usdtAmount = unitsToDecimal(BigInt(rnd.int(15_000_000, 5_000_000_000)), 8);
          // One request in ten is a double tap: the same Idempotency-Key twice at once.
          const key = rnd.next() < 0.1 ? { 'idempotency-key': `u${n}-${i}` } : undefined;
          const body = { side, usdtAmount, quotedRate: side === 'buy' ? seen.buy : seen.sell };
          const sends = key ? 2 : 1;
          const answers = await Promise.all(
            Array.from({ length: sends }, () =>
              timed(() => client.post('/api/trades/quick', u.cookie, body, key)),
            ),
          );
          for (const res of answers) {
            const code = errorCodeOf(res);
            if (res.status === 201) {
              count(side);
              onTrade(u.id, res);
            } else if (
              res.status === 422 &&
              code === `insufficient_${side === 'buy' ? 'inr' : 'usdt'}`
            )
              count(code);
            else if (res.status === 409 && code === 'price_changed') count(code);
            else unexplained.push(`${side} ${res.status} ${res.body}`);
          }
        } else {
          const amount = unitsToDecimal(BigInt(rnd.int(10_000, 2_000_000)), 2);
          const res = await timed(() =>
            client.post('/api/deposits', u.cookie, { amount, utrNumber: utr() }),
          );
          if (res.status === 201) {
            count('deposit_request');
            pending.push(res.json<{ deposit: { id: string } }>().deposit.id);
          } else unexplained.push(`deposit ${res.status} ${res.body}`);
        }
      }
    };
    const adminLoop = async () => {
      while (running()) {
        const id = pending.splice(rnd.int(0, Math.max(0, pending.length - 1)), 1)[0];
        if (!id) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const reject = rnd.next() < 0.15;
        // Now and then two admins decide the same deposit at once.
        const decide = () =>
          timed(() =>
            reject
              ? client.post(`/api/admin/deposits/${id}/reject`, admin, { reason: 'UTR not found' })
              : client.post(`/api/admin/deposits/${id}/approve`, admin),
          );
        const answers = await Promise.all(rnd.next() < 0.2 ? [decide(), decide()] : [decide()]);
        for (const res of answers) {
          if (res.status === 200) {
            count(reject ? 'reject' : 'approve');
            if (!reject) {
              const d = res.json<{ deposit: { user: { id: string }; amount: string } }>().deposit;
              model.get(d.user.id)!.inr += decimalToUnits(d.amount, 2);
            }
          } else if (res.status === 409 && errorCodeOf(res) === 'invalid_state')
            count('already_decided');
          else unexplained.push(`decide ${res.status} ${res.body}`);
        }
      }
    };
    // The market moves while they trade, now and then by more than the 0.5% guard.
    const marketLoop = async () => {
      while (running()) {
        await new Promise((r) => setTimeout(r, 200));
        const step = rnd.next() < 0.1 ? rnd.int(-120, 120) : rnd.int(-10, 10);
        ratePaise = ratePaise + BigInt(step) < 5000n ? 5000n : ratePaise + BigInt(step);
      }
    };
    await Promise.all([
      ...users.map((u, n) => userLoop(u, n)),
      adminLoop(),
      adminLoop(),
      marketLoop(),
    ]);
    const elapsed = Date.now() - started;

    const violations = await checkLedgerInvariants(t.app.db);
    const rows = await t.app.db.query<{ id: string; inr: string; usdt: string }>(
      `SELECT u.id, u.balance::text AS inr, w.balance::text AS usdt
         FROM users u JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
        WHERE u.id = ANY($1::uuid[])`,
      [users.map((u) => u.id)],
    );
    const mismatches = rows.filter((r) => {
      const m = model.get(r.id)!;
      return r.inr !== unitsToDecimal(m.inr, 2) || r.usdt !== unitsToDecimal(m.usdt, 8);
    });
    const negatives = await t.app.db.query(
      'SELECT id FROM users WHERE balance < 0 UNION ALL SELECT user_id FROM wallets WHERE balance < 0',
    );
    const unbalancedOps = await t.app.db.query(
      'SELECT operation_id FROM ledger_entries GROUP BY operation_id, asset HAVING sum(amount) <> 0',
    );
    const totals = await ledgerTotals(t.app.db);
    const sumOf = (asset: string) =>
      unitsToDecimal(
        totals.filter((r) => r.asset === asset).reduce((s, r) => s + decimalToUnits(r.sum, 8), 0n),
        8,
      );
    const tradesInDb = (
      await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM trades')
    )[0]!.n;
    const requests = latencies.length;
    const p99 = [...latencies].sort((a, b) => a - b)[Math.floor(requests * 0.99)] ?? 0;
    console.log(
      `[mixed-load] ${USERS} users over HTTP keep-alive, ${(elapsed / 1000).toFixed(1)} s: ${requests} requests ` +
        `(${Math.round((requests * 1000) / elapsed)}/s, p50 ${median(latencies).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms) ` +
        `${JSON.stringify(counts)}; unexplained ${unexplained.length}; invariant violations ${violations.length}; ` +
        `negative balances ${negatives.length}; unbalanced operations ${unbalancedOps.length}; ` +
        `balances ≠ acknowledged ${mismatches.length}; trades in DB ${tradesInDb} = acknowledged ${acked.size}; ` +
        `INR sum ${sumOf('INR')}, USDT sum ${sumOf('USDT')}`,
    );
    expect(unexplained).toEqual([]);
    expect(violations).toEqual([]);
    expect(negatives).toEqual([]);
    expect(unbalancedOps).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(tradesInDb).toBe(acked.size);
    expect(sumOf('INR')).toBe('0.00000000');
    expect(sumOf('USDT')).toBe('0.00000000');
    // The load was real: plenty of every kind.
    expect((counts.buy ?? 0) + (counts.sell ?? 0)).toBeGreaterThan(200);
    expect(counts.approve ?? 0).toBeGreaterThan(20);
  }, 180_000);
});
