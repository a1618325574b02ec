import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  compareDecimal,
  decimalToUnits,
  quickPrices,
  TRADE_MIN_TOTAL_INR,
  tradeTotal,
  unitsToDecimal,
} from '@sikka/contracts';
import { pgUrl, postgresSkipReason } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { checkLedgerInvariants, ledgerTotals } from '../../../test/support/invariants.ts';
import { api, fund, pool, utr } from '../../../test/support/money-helpers.ts';

/**
 * Concurrency proofs on real PostgreSQL (PGlite serves one connection at a time, so there a
 * race cannot happen and proves nothing). Each test prints a one-line figure.
 */
if (!pgUrl()) console.warn(postgresSkipReason());

/** Deterministic PRNG (mulberry32), so a failing run can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  /** an integer in [lo, hi] */
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]! };
}

const errorCode = (res: LightMyRequestResponse): string => {
  try {
    return (res.json() as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    return '';
  }
};

describe.skipIf(!pgUrl())('money under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let rate = '98';
  beforeAll(async () => {
    t = await startTestApp('postgres', {}, { poolSize: 50, usdtInrRate: () => rate });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const balances = async (userId: string) =>
    (
      await t.app.db.query<{ inr: string; usdt: string }>(
        `SELECT u.balance::text AS inr, w.balance::text AS usdt
           FROM users u JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
          WHERE u.id = $1`,
        [userId],
      )
    )[0]!;

  it('(b) ₹10,000 and 200 concurrent ₹1,000 buys: exactly 10 fill', async () => {
    rate = '98'; // buy price 100.00: 10 USDT costs exactly ₹1,000.00
    const u = await signUpVerified(t.app);
    await fund(t.app, u.cookie, admin, '10000');
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        http.post('/api/trades/quick', u.cookie, {
          side: 'buy',
          usdtAmount: '10',
          quotedRate: '100',
        }),
      ),
    );
    const ms = Date.now() - started;
    const filled = results.filter((r) => r.statusCode === 201).length;
    const refused = results.filter(
      (r) => r.statusCode === 422 && errorCode(r) === 'insufficient_inr',
    ).length;
    const final = await balances(u.id);
    console.log(
      `(b) 200 concurrent ₹1,000 buys on ₹10,000: ${filled} filled, ${refused} insufficient_inr, ` +
        `${200 - filled - refused} other; final INR ${final.inr}, USDT ${final.usdt}; ${ms} ms`,
    );
    expect(filled).toBe(10);
    expect(refused).toBe(190);
    expect(final).toEqual({ inr: '0.00', usdt: '100.00000000' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('(c) 40 approve calls, 20 at a time, for one deposit credit it once', async () => {
    const u = await signUpVerified(t.app);
    const dep = await http.post('/api/deposits', u.cookie, { amount: '5000', utrNumber: utr() });
    const id = dep.json().deposit.id as string;
    const started = Date.now();
    const results = await pool(
      Array.from({ length: 40 }, () => () => http.post(`/api/admin/deposits/${id}/approve`, admin)),
      20,
    );
    const ms = Date.now() - started;
    const ok = results.filter((r) => r.statusCode === 200).length;
    const conflicts = results.filter(
      (r) => r.statusCode === 409 && errorCode(r) === 'invalid_state',
    ).length;
    const entries = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_entries WHERE operation_id = $1',
      [id],
    );
    const final = await balances(u.id);
    console.log(
      `(c) 40 approvals (20 concurrent) of one ₹5,000 deposit: ${ok} credited, ${conflicts} invalid_state, ` +
        `${40 - ok - conflicts} other; balance ₹${final.inr}; ${entries[0]!.n} ledger entries; ${ms} ms`,
    );
    expect(ok).toBe(1);
    expect(conflicts).toBe(39);
    expect(final.inr).toBe('5000.00');
    expect(entries[0]!.n).toBe(2);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('(d) 50 concurrent requests with one Idempotency-Key make one trade and identical answers', async () => {
    rate = '98';
    const u = await signUpVerified(t.app);
    await fund(t.app, u.cookie, admin, '10000');
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        http.post(
          '/api/trades/quick',
          u.cookie,
          { side: 'buy', usdtAmount: '1.5', quotedRate: '100' },
          { 'idempotency-key': 'one-tap-buy' },
        ),
      ),
    );
    const ms = Date.now() - started;
    const bodies = new Set(results.map((r) => `${r.statusCode} ${r.body}`));
    const trades = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM trades WHERE user_id = $1',
      [u.id],
    );
    const final = await balances(u.id);
    console.log(
      `(d) 50 concurrent buys with one Idempotency-Key: ${trades[0]!.n} trade, ${bodies.size} distinct answer ` +
        `(${results.filter((r) => r.statusCode === 201).length}×201, ` +
        `${results.filter((r) => r.headers['idempotent-replayed']).length} replayed); ` +
        `INR ${final.inr}, USDT ${final.usdt}; ${ms} ms`,
    );
    expect(trades[0]!.n).toBe(1);
    expect(bodies.size).toBe(1);
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(final).toEqual({ inr: '9850.00', usdt: '1.50000000' });
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('(a) 50 users, 50 connections, 10 s of mixed buys, sells, deposits and approvals', async () => {
    const rnd = prng(20240427);
    const USERS = 50;
    const DURATION_MS = 10_000;
    const users = await pool(
      Array.from({ length: USERS }, () => () => signUpVerified(t.app)),
      10,
    );
    // What the API acknowledged, per user, in exact units: the model the database must match.
    const model = new Map(users.map((u) => [u.id, { inr: 0n, usdt: 0n }]));
    const seenTrades = new Set<string>();
    const pending: Array<{ id: string; userId: string }> = [];
    const counts: Record<string, number> = {};
    const unexplained: string[] = [];
    const count = (label: string) => {
      counts[label] = (counts[label] ?? 0) + 1;
    };

    const onApproved = (res: LightMyRequestResponse) => {
      const d = res.json().deposit as { user: { id: string }; amount: string };
      model.get(d.user.id)!.inr += decimalToUnits(d.amount, 2);
    };
    const onTrade = (userId: string, res: LightMyRequestResponse) => {
      const trade = res.json().trade as { id: string; type: string; amount: string; net: string };
      if (seenTrades.has(trade.id)) return; // an idempotent replay of one we counted
      seenTrades.add(trade.id);
      const m = model.get(userId)!;
      const sign = trade.type === 'buy' ? 1n : -1n;
      m.usdt += sign * decimalToUnits(trade.amount, 8);
      // net: what the user's INR moved by (a sell's total less the TDS withheld)
      m.inr -= sign * decimalToUnits(trade.net, 2);
    };

    // Everyone starts with an approved deposit, through the API like the rest.
    await pool(
      users.map((u) => async () => {
        const amount = unitsToDecimal(BigInt(rnd.int(500_000, 5_000_000)), 2); // ₹5,000–₹50,000
        await fund(t.app, u.cookie, admin, amount);
        model.get(u.id)!.inr += decimalToUnits(amount, 2);
      }),
      10,
    );

    let ratePaise = 8770n;
    rate = unitsToDecimal(ratePaise, 2);
    let waves = 0;
    let requests = 0;
    const started = Date.now();
    while (Date.now() - started < DURATION_MS) {
      waves += 1;
      // Clients quote the price they last saw; the market then moves (now and then by >0.5%).
      const seen = quickPrices(rate);
      const step = rnd.next() < 0.08 ? rnd.int(-120, 120) : rnd.int(-15, 15);
      ratePaise = ratePaise + BigInt(step) < 5000n ? 5000n : ratePaise + BigInt(step);
      rate = unitsToDecimal(ratePaise, 2);

      const tasks: Array<() => Promise<void>> = [];
      // The prices the server executes at in this wave, and whether a total is under the
      // minimum there: the one refusal that depends on the amount and the price together.
      const now = quickPrices(rate);
      const belowMinimum = (side: 'buy' | 'sell', usdtAmount: string) =>
        compareDecimal(tradeTotal(side, usdtAmount, now[side]), TRADE_MIN_TOTAL_INR) < 0;
      for (const u of users) {
        const roll = rnd.next();
        if (roll < 0.4) {
          const usdtAmount = unitsToDecimal(BigInt(rnd.int(1_000_000, 8_000_000_000)), 8); // 0.01–80
          const duplicate = rnd.next() < 0.1;
          const key = duplicate ? { 'idempotency-key': `w${waves}-${u.id}` } : undefined;
          const send = async () => {
            const res = await http.post(
              '/api/trades/quick',
              u.cookie,
              { side: 'buy', usdtAmount, quotedRate: seen.buy },
              key,
            );
            requests += 1;
            const code = errorCode(res);
            if (res.statusCode === 201) {
              count('buy');
              onTrade(u.id, res);
            } else if (res.statusCode === 422 && code === 'insufficient_inr')
              count('insufficient_inr');
            else if (res.statusCode === 409 && code === 'price_changed') count('price_changed');
            else if (
              res.statusCode === 422 &&
              code === 'trade_limit' &&
              belowMinimum('buy', usdtAmount)
            )
              count('below_minimum');
            else unexplained.push(`buy ${res.statusCode} ${res.body}`);
          };
          tasks.push(send);
          if (duplicate) tasks.push(send);
        } else if (roll < 0.75) {
          const usdtAmount = unitsToDecimal(BigInt(rnd.int(1_000_000, 6_000_000_000)), 8);
          tasks.push(async () => {
            const res = await http.post('/api/trades/quick', u.cookie, {
              side: 'sell',
              usdtAmount,
              quotedRate: seen.sell,
            });
            requests += 1;
            const code = errorCode(res);
            if (res.statusCode === 201) {
              count('sell');
              onTrade(u.id, res);
            } else if (res.statusCode === 422 && code === 'insufficient_usdt')
              count('insufficient_usdt');
            else if (res.statusCode === 409 && code === 'price_changed') count('price_changed');
            else if (
              res.statusCode === 422 &&
              code === 'trade_limit' &&
              belowMinimum('sell', usdtAmount)
            )
              count('below_minimum');
            else unexplained.push(`sell ${res.statusCode} ${res.body}`);
          });
        } else if (roll < 0.9) {
          const amount = unitsToDecimal(BigInt(rnd.int(10_000, 2_000_000)), 2); // ₹100–₹20,000
          tasks.push(async () => {
            const res = await http.post('/api/deposits', u.cookie, { amount, utrNumber: utr() });
            requests += 1;
            if (res.statusCode === 201) {
              count('deposit_request');
              pending.push({ id: res.json().deposit.id, userId: u.id });
            } else unexplained.push(`deposit ${res.statusCode} ${res.body}`);
          });
        }
      }
      // The admin decides some pending deposits, now and then twice at once.
      for (let i = 0; i < 8 && pending.length > 0; i += 1) {
        const dep = pending.splice(rnd.int(0, pending.length - 1), 1)[0]!;
        const reject = rnd.next() < 0.15;
        const decide = async () => {
          const res = reject
            ? await http.post(`/api/admin/deposits/${dep.id}/reject`, admin, {
                reason: 'UTR not found',
              })
            : await http.post(`/api/admin/deposits/${dep.id}/approve`, admin);
          requests += 1;
          if (res.statusCode === 200) {
            count(reject ? 'reject' : 'approve');
            if (!reject) onApproved(res);
          } else if (res.statusCode === 409 && errorCode(res) === 'invalid_state')
            count('already_decided');
          else unexplained.push(`decide ${res.statusCode} ${res.body}`);
        };
        tasks.push(decide);
        if (rnd.next() < 0.2) tasks.push(decide);
      }
      await Promise.all(tasks.map((task) => task()));
    }
    const elapsed = Date.now() - started;

    const violations = await checkLedgerInvariants(t.app.db);
    const mismatches: string[] = [];
    for (const u of users) {
      const db = await balances(u.id);
      const m = model.get(u.id)!;
      const want = { inr: unitsToDecimal(m.inr, 2), usdt: unitsToDecimal(m.usdt, 8) };
      if (db.inr !== want.inr || db.usdt !== want.usdt) {
        mismatches.push(`${u.id}: db ${JSON.stringify(db)} acknowledged ${JSON.stringify(want)}`);
      }
    }
    const tradesInDb = (
      await t.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM trades WHERE user_id = ANY($1::uuid[])`,
        [users.map((u) => u.id)],
      )
    )[0]!.n;
    const negatives = (
      await t.app.db.query<{ n: number }>(
        `SELECT ((SELECT count(*) FROM users WHERE balance < 0)
              + (SELECT count(*) FROM wallets WHERE balance < 0))::int AS n`,
      )
    )[0]!.n;
    const totals = await ledgerTotals(t.app.db);
    const byAsset = (asset: string) =>
      totals
        .filter((r) => r.asset === asset)
        .map((r) => `${r.account} ${r.sum}`)
        .join(', ');
    const sumOf = (asset: string) =>
      unitsToDecimal(
        totals.filter((r) => r.asset === asset).reduce((s, r) => s + decimalToUnits(r.sum, 8), 0n),
        8,
      );
    console.log(
      `(a) mixed load: ${USERS} users, pool 50, ${(elapsed / 1000).toFixed(1)} s, ${waves} waves, ` +
        `${requests} requests (${Math.round((requests * 1000) / elapsed)}/s): ${JSON.stringify(counts)}; ` +
        `unexplained ${unexplained.length}; invariant violations ${violations.length}; ` +
        `negative balances ${negatives}; balances ≠ acknowledged ${mismatches.length}; ` +
        `trades in DB ${tradesInDb} = acknowledged ${seenTrades.size}; ` +
        `INR [${byAsset('INR')}] sum ${sumOf('INR')}; USDT [${byAsset('USDT')}] sum ${sumOf('USDT')}`,
    );
    expect(unexplained).toEqual([]);
    expect(violations).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(negatives).toBe(0);
    expect(tradesInDb).toBe(seenTrades.size);
    expect(sumOf('INR')).toBe('0.00000000');
    expect(sumOf('USDT')).toBe('0.00000000');
    expect((counts.buy ?? 0) + (counts.sell ?? 0)).toBeGreaterThan(100);
    expect(counts.approve ?? 0).toBeGreaterThan(20);
  }, 180_000);
});
