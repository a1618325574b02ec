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
import { fundHttp, logInAdminHttp } from './support/trade-burst.ts';
import { payoutUtr, signUpWithBankHttp, type BankUser } from './support/withdrawal-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const USERS = 50;
const DURATION_MS = 10_000;

/**
 * Item 1: 50 users, each a closed loop of buys, sells, deposit requests, withdrawal requests
 * (to their KYC bank account) and cancellations, and the admin approving (with a payout UTR)
 * and rejecting deposits and withdrawals, for 10 s over real HTTP (keep-alive sockets to a listening server)
 * on PostgreSQL. Every answer must be a success or a refusal we can name; afterwards the
 * database must match what the API acknowledged — available INR, held INR and USDT — to the
 * paisa and the satoshi-of-USDT.
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

  it('50 users × 10 s of buys, sells, deposits, withdrawals, cancellations and approvals: conserved, exact, 0 unexplained', async () => {
    const rnd = prng(20251123);
    const users: BankUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await signUpWithBankHttp(client, t.app.db));
    // What the API acknowledged, per user, in exact units (paise, 1e-8 USDT): available INR,
    // INR held by pending withdrawals, USDT.
    const model = new Map(users.map((u) => [u.id, { inr: 0n, held: 0n, usdt: 0n }]));
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
    // Pending withdrawals (id → owner) that users may cancel and the admin decide.
    const wPending = new Map<string, string>();
    const wAcked = new Set<string>();
    const onWithdrawal = (res: HttpAnswer, userId: string) => {
      const w = res.json<{ withdrawal: { id: string; amount: string } }>().withdrawal;
      if (wAcked.has(w.id)) return; // an idempotent replay
      wAcked.add(w.id);
      wPending.set(w.id, userId);
      const m = model.get(userId)!;
      m.inr -= decimalToUnits(w.amount, 2);
      m.held += decimalToUnits(w.amount, 2);
    };
    /** A 200 decision or cancellation: the hold leaves (paid) or returns to available. */
    const onDecided = (res: HttpAnswer, userId: string) => {
      const w = res.json<{ withdrawal: { id: string; amount: string; status: string } }>()
        .withdrawal;
      wPending.delete(w.id);
      const m = model.get(userId)!;
      m.held -= decimalToUnits(w.amount, 2);
      if (w.status !== 'paid') m.inr += decimalToUnits(w.amount, 2);
    };
    const timed = async (send: () => Promise<HttpAnswer>) => {
      const at = performance.now();
      const res = await send();
      latencies.push(performance.now() - at);
      return res;
    };
    const onTrade = (userId: string, res: HttpAnswer) => {
      const trade = res.json<{
        trade: { id: string; type: string; amount: string; total: string; net: string };
      }>().trade;
      if (acked.has(trade.id)) return; // an idempotent replay
      acked.add(trade.id);
      const m = model.get(userId)!;
      const sign = trade.type === 'buy' ? 1n : -1n;
      m.usdt += sign * decimalToUnits(trade.amount, 8);
      // A sell credits its net: the total less the 1% TDS withheld (migration 015).
      m.inr -=
        trade.type === 'buy' ? decimalToUnits(trade.total, 2) : -decimalToUnits(trade.net, 2);
    };

    const started = Date.now();
    const running = () => Date.now() - started < DURATION_MS;
    const userLoop = async (u: BankUser, n: number) => {
      let i = 0;
      while (running()) {
        i += 1;
        const roll = rnd.next();
        const seen = quickPrices(unitsToDecimal(ratePaise, 2));
        if (roll < 0.7) {
          const side = roll < 0.4 ? 'buy' : 'sell';
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
        } else if (roll < 0.86) {
          // ₹50 to ₹8,000: under the ₹100 minimum now and then (withdrawal_limit).
          const amount = unitsToDecimal(BigInt(rnd.int(5_000, 800_000)), 2);
          const key = rnd.next() < 0.1 ? { 'idempotency-key': `w${n}-${i}` } : undefined;
          const body = { amount, bankAccountId: u.accountId };
          const answers = await Promise.all(
            Array.from({ length: key ? 2 : 1 }, () =>
              timed(() => client.post('/api/withdrawals', u.cookie, body, key)),
            ),
          );
          for (const res of answers) {
            const code = errorCodeOf(res);
            if (res.status === 201) {
              count('withdrawal_request');
              onWithdrawal(res, u.id);
            } else if (
              res.status === 422 &&
              (code === 'insufficient_inr' || code === 'withdrawal_limit')
            )
              count(`withdraw_${code}`);
            else unexplained.push(`withdraw ${res.status} ${res.body}`);
          }
        } else if (roll < 0.9) {
          const mine = [...wPending].filter(([, owner]) => owner === u.id);
          if (mine.length === 0) continue;
          const id = rnd.pick(mine)[0];
          const res = await timed(() => client.post(`/api/withdrawals/${id}/cancel`, u.cookie));
          if (res.status === 200) {
            count('cancel');
            onDecided(res, u.id);
          } else if (res.status === 409 && errorCodeOf(res) === 'invalid_state')
            count('cancel_already_decided'); // the admin (or a double) got there first
          else unexplained.push(`cancel ${res.status} ${res.body}`);
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
    const withdrawalAdminLoop = async () => {
      while (running()) {
        const entry = wPending.size > 0 ? rnd.pick([...wPending]) : undefined;
        if (!entry) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const [id, owner] = entry;
        const reject = rnd.next() < 0.2;
        // Now and then two admins decide the same withdrawal at once (each with its own UTR).
        const decide = () =>
          timed(() =>
            reject
              ? client.post(`/api/admin/withdrawals/${id}/reject`, admin, {
                  reason: 'Account name does not match',
                })
              : client.post(`/api/admin/withdrawals/${id}/approve`, admin, {
                  utrNumber: payoutUtr('MIX'),
                }),
          );
        const answers = await Promise.all(rnd.next() < 0.2 ? [decide(), decide()] : [decide()]);
        for (const res of answers) {
          if (res.status === 200) {
            count(reject ? 'withdrawal_reject' : 'withdrawal_paid');
            onDecided(res, owner);
          } else if (res.status === 409 && errorCodeOf(res) === 'invalid_state')
            count('withdrawal_already_decided'); // the owner cancelled, or the other admin
          else unexplained.push(`withdrawal decide ${res.status} ${res.body}`);
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
      withdrawalAdminLoop(),
      withdrawalAdminLoop(),
      marketLoop(),
    ]);
    const elapsed = Date.now() - started;

    const violations = await checkLedgerInvariants(t.app.db);
    const rows = await t.app.db.query<{ id: string; inr: string; held: string; usdt: string }>(
      `SELECT u.id, u.balance::text AS inr, u.inr_held::text AS held, w.balance::text AS usdt
         FROM users u JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
        WHERE u.id = ANY($1::uuid[])`,
      [users.map((u) => u.id)],
    );
    const expected = (id: string) => {
      const m = model.get(id)!;
      return {
        inr: unitsToDecimal(m.inr, 2),
        inrHeld: unitsToDecimal(m.held, 2),
        usdt: unitsToDecimal(m.usdt, 8),
      };
    };
    const mismatches = rows
      .filter(
        (r) =>
          JSON.stringify({ inr: r.inr, inrHeld: r.held, usdt: r.usdt }) !==
          JSON.stringify(expected(r.id)),
      )
      .map(
        (r) => `${r.id}: db ${r.inr}/${r.held}/${r.usdt} model ${JSON.stringify(expected(r.id))}`,
      );
    // The API's balances ({inr, inrHeld, usdt}) say the same.
    for (const u of users) {
      const me = await client.get('/api/me', u.cookie);
      const balances = me.json<{ balances: unknown }>().balances;
      if (JSON.stringify(balances) !== JSON.stringify(expected(u.id)))
        mismatches.push(
          `${u.id}: API ${JSON.stringify(balances)} model ${JSON.stringify(expected(u.id))}`,
        );
    }
    const wRows = await t.app.db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM withdrawals GROUP BY status ORDER BY status',
    );
    const negatives = await t.app.db.query(
      `SELECT id FROM users WHERE balance < 0 OR inr_held < 0
       UNION ALL SELECT user_id FROM wallets WHERE balance < 0`,
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
        `withdrawals in DB ${JSON.stringify(Object.fromEntries(wRows.map((r) => [r.status, r.n])))} = acknowledged ${wAcked.size}; ` +
        `INR sum ${sumOf('INR')}, USDT sum ${sumOf('USDT')}`,
    );
    expect(unexplained).toEqual([]);
    expect(violations).toEqual([]);
    expect(negatives).toEqual([]);
    expect(unbalancedOps).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(tradesInDb).toBe(acked.size);
    expect(wRows.reduce((s, r) => s + r.n, 0)).toBe(wAcked.size);
    expect(sumOf('INR')).toBe('0.00000000');
    expect(sumOf('USDT')).toBe('0.00000000');
    // The load was real: plenty of every kind.
    expect((counts.buy ?? 0) + (counts.sell ?? 0)).toBeGreaterThan(200);
    expect(counts.approve ?? 0).toBeGreaterThan(20);
    expect(counts.withdrawal_paid ?? 0).toBeGreaterThan(10);
    expect((counts.cancel ?? 0) + (counts.withdrawal_reject ?? 0)).toBeGreaterThan(5);
  }, 180_000);
});
