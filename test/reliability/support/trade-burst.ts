import { unitsToDecimal } from '@sikka/contracts';
import { type Queryable, openPostgres } from '../../support/server.ts';
import { utr } from '../../support/money-helpers.ts';
import { sleep } from '../../support/realtime-client.ts';
import { ADMIN, newUser, verifyKyc } from '../../support/app.ts';
import { totpCode } from '../../support/two-factor.ts';
import { cookieFrom, errorCodeOf, type HttpClient } from './http-client.ts';
import type { Prng } from './prng.ts';

/** A user made through the real HTTP API. */
export interface HttpUser {
  id: string;
  cookie: string;
}

/**
 * Signs a user up over HTTP. With `verifyIn` (the server's database), the user's KYC is then
 * marked verified, so the user may move money (the server refuses everyone else).
 */
export async function signUpHttp(client: HttpClient, verifyIn?: Queryable): Promise<HttpUser> {
  const res = await client.post('/api/auth/signup', undefined, newUser());
  if (res.status !== 201) throw new Error(`signup ${res.status} ${res.body}`);
  const user = { id: res.json<{ user: { id: string } }>().user.id, cookie: cookieFrom(res) };
  if (verifyIn) await verifyKyc(verifyIn, user.id);
  return user;
}

/** Runs `fn` with a small pool on a server's PostgreSQL database, closed afterwards. */
export async function withDatabase<T>(url: string, fn: (db: Queryable) => Promise<T>): Promise<T> {
  const db = await openPostgres(url, 1);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** The admin's unused backup codes, from the last TOTP set-up of this test file. */
let adminBackupCodes: string[] = [];

/**
 * The admin's session over HTTP. The admin tools need two-factor (ADR 017): on a database whose
 * admin has none yet, TOTP is set up as the admin's first sign-in does, and its backup codes are
 * kept; a later sign-in (after a restart) spends one of them as the second factor.
 */
export async function logInAdminHttp(client: HttpClient): Promise<string> {
  const res = await client.post('/api/auth/login', undefined, ADMIN);
  if (res.status !== 200) throw new Error(`admin login ${res.status} ${res.body}`);
  if (!res.json<{ twoFactorRequired: boolean }>().twoFactorRequired) {
    const cookie = cookieFrom(res);
    const setup = await client.post('/api/auth/two-factor/totp/setup', cookie, {});
    if (setup.status !== 200) throw new Error(`admin TOTP setup ${setup.status} ${setup.body}`);
    const enable = await client.post('/api/auth/two-factor/totp/enable', cookie, {
      code: totpCode(setup.json<{ secret: string }>().secret),
    });
    if (enable.status !== 200) throw new Error(`admin TOTP ${enable.status} ${enable.body}`);
    adminBackupCodes = enable.json<{ backupCodes: string[] }>().backupCodes;
    return cookie;
  }
  const code = adminBackupCodes.shift();
  if (!code) throw new Error('admin login: TOTP is on, and this file has no backup code left');
  const step = res.headers['set-cookie']?.find((c) => c.startsWith('sikka_2fa='))?.split(';')[0];
  if (!step) throw new Error('admin login: no two-factor step cookie');
  const second = await client.post('/api/auth/login/two-factor', step, { code });
  if (second.status !== 200) throw new Error(`admin code ${second.status} ${second.body}`);
  return cookieFrom(second);
}

/** A deposit request approved by the admin, both over HTTP. Amount in INR. */
export async function fundHttp(
  client: HttpClient,
  user: HttpUser,
  adminCookie: string,
  amount: string,
): Promise<void> {
  const dep = await client.post('/api/deposits', user.cookie, { amount, utrNumber: utr() });
  if (dep.status !== 201) throw new Error(`deposit ${dep.status} ${dep.body}`);
  const id = dep.json<{ deposit: { id: string } }>().deposit.id;
  const ok = await client.post(`/api/admin/deposits/${id}/approve`, adminCookie);
  if (ok.status !== 200) throw new Error(`approve ${ok.status} ${ok.body}`);
}

export interface Outcome {
  /** 0 = no answer received (connection cut, refused, timed out) */
  status: number;
  code: string;
  tradeId?: string;
  replayed: boolean;
}

/** One quick trade sent with an Idempotency-Key, and what became of it. */
export interface SentTrade {
  user: HttpUser;
  key: string;
  body: { side: 'buy' | 'sell'; usdtAmount: string; quotedRate: string };
  first: Outcome;
  /** the answer after retries (the first one when it was already definitive) */
  final: Outcome;
  retries: number;
}

/** Refusals the burst expects; anything else 4xx is unexplained. */
const EXPLAINED = new Set(['insufficient_inr', 'insufficient_usdt']);

/** A definitive answer: the trade was made, or refused for a reason we expect. */
export const definitive = (o: Outcome) =>
  o.status === 201 || (o.status >= 400 && o.status < 500 && EXPLAINED.has(o.code));

async function sendTrade(client: HttpClient, t: Omit<SentTrade, 'first' | 'final' | 'retries'>) {
  try {
    const res = await client.post('/api/trades/quick', t.user.cookie, t.body, {
      'idempotency-key': t.key,
    });
    const outcome: Outcome = {
      status: res.status,
      code: errorCodeOf(res),
      replayed: res.headers['idempotent-replayed'] === 'true',
    };
    if (res.status === 201) outcome.tradeId = res.json<{ trade: { id: string } }>().trade.id;
    return outcome;
  } catch (err) {
    return { status: 0, code: (err as Error).message, replayed: false } satisfies Outcome;
  }
}

/**
 * Quick trades from `concurrency` workers, each with a fresh Idempotency-Key, until `crash`
 * (started at `crashAfterMs`) has done its work: the requests in flight meet the crash.
 * Prices are quoted so generously that the 0.5% guard never refuses (the feed moves).
 */
export async function burstUntilCrash(
  client: HttpClient,
  users: HttpUser[],
  opts: {
    rnd: Prng;
    prefix: string;
    concurrency: number;
    crashAfterMs: number;
    crash: () => Promise<void> | void;
  },
): Promise<SentTrade[]> {
  const sent: SentTrade[] = [];
  let stop = false;
  let n = 0;
  const crashed = (async () => {
    await sleep(opts.crashAfterMs);
    // Requests keep starting until the crash is done, so some are surely in flight when it hits.
    await opts.crash();
    stop = true;
  })();
  const worker = async () => {
    while (!stop) {
      n += 1;
      const buy = opts.rnd.next() < 0.7;
      const t = {
        user: opts.rnd.pick(users),
        key: `${opts.prefix}-${n}`,
        body: {
          side: buy ? ('buy' as const) : ('sell' as const),
          usdtAmount: unitsToDecimal(
            // 0.2 USDT and up: above the ₹10.00 minimum trade total at any sane price.
            BigInt(opts.rnd.int(20_000_000, buy ? 200_000_000 : 50_000_000)),
            8,
          ),
          quotedRate: buy ? '100000' : '0.01',
        },
      };
      const first = await sendTrade(client, t);
      sent.push({ ...t, first, final: first, retries: 0 });
      // The crash has hit this worker: no point hammering a dead server until `stop`.
      if (first.status === 0 || first.status >= 500) break;
    }
  };
  await Promise.all([crashed, ...Array.from({ length: opts.concurrency }, worker)]);
  return sent;
}

/** Sends every request without a definitive answer again, same key and body, until it has one. */
export async function retryUnanswered(
  client: HttpClient,
  sent: SentTrade[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const t of sent) {
    while (!definitive(t.final)) {
      if (Date.now() > deadline) return;
      if (t.retries > 0 || t.final.status === 0) await sleep(t.retries > 0 ? 200 : 0);
      t.final = await sendTrade(client, t);
      t.retries += 1;
    }
  }
}

export interface BurstCheck {
  /** requests still without a definitive answer (must be 0) */
  undecided: string[];
  /** 201 answers whose trade is not in the database */
  lost: string[];
  /** trades of these users that no acknowledged key accounts for, or keys with two trades */
  duplicates: string[];
  /** a retry that answered with another trade than the first answer */
  changedAnswers: string[];
  tradesInDb: number;
  acknowledged: number;
}

/**
 * The crash criteria from the database alone: every 201 answer's trade exists, every trade of
 * these users is the answer of exactly one key, and each key kept its first answer.
 */
export async function checkBurst(
  db: Queryable,
  users: HttpUser[],
  sent: SentTrade[],
): Promise<BurstCheck> {
  const undecided = sent
    .filter((t) => !definitive(t.final))
    .map((t) => `${t.key}: ${t.final.status} ${t.final.code}`);
  const changedAnswers = sent
    .filter((t) => t.first.status === 201 && t.final.tradeId !== t.first.tradeId)
    .map((t) => `${t.key}: ${t.first.tradeId} then ${t.final.tradeId}`);
  const ids = sent.filter((t) => t.final.status === 201).map((t) => t.final.tradeId!);
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM trades WHERE user_id = ANY($1::uuid[])',
    [users.map((u) => u.id)],
  );
  const inDb = new Set(rows.map((r) => r.id));
  const acked = new Set(ids);
  const lost = [...acked].filter((id) => !inDb.has(id));
  const duplicates = [
    ...[...inDb].filter((id) => !acked.has(id)).map((id) => `trade ${id} answers no key`),
    ...(ids.length !== acked.size ? [`${ids.length - acked.size} keys share a trade`] : []),
  ];
  // Each stored key row holds exactly the answer its requests got.
  const keyRows = await db.query<{ key: string; trade_id: string | null }>(
    `SELECT key, response_body->'trade'->>'id' AS trade_id FROM idempotency_keys
      WHERE user_id = ANY($1::uuid[])`,
    [users.map((u) => u.id)],
  );
  const byKey = new Map(keyRows.map((r) => [r.key, r.trade_id]));
  for (const t of sent) {
    const stored = byKey.get(t.key);
    if (t.final.status === 201 && stored !== t.final.tradeId)
      duplicates.push(`key ${t.key} stored ${stored} answered ${t.final.tradeId}`);
    if (t.final.status !== 201 && stored !== undefined)
      duplicates.push(`key ${t.key} refused (${t.final.code}) yet stored ${stored}`);
  }
  return {
    undecided,
    lost,
    duplicates,
    changedAnswers,
    tradesInDb: inDb.size,
    acknowledged: acked.size,
  };
}
