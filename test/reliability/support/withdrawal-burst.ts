import { decimalToUnits, unitsToDecimal } from '@sikka/contracts';
import type { Queryable } from '../../support/server.ts';
import { sleep } from '../../support/realtime-client.ts';
import { verifyKyc } from '../../support/app.ts';
import { errorCodeOf, type HttpClient } from './http-client.ts';
import type { Prng } from './prng.ts';
import { signUpHttp, type HttpUser } from './trade-burst.ts';

/** A verified user with the KYC bank account migration 014 makes their withdrawal account. */
export interface BankUser extends HttpUser {
  accountId: string;
}

/**
 * Signs a user up over HTTP, gives the KYC bank details (masked, as the KYC keeps them), marks
 * the KYC verified — the trigger then adds the verified 'kyc' bank account — and reads its id
 * from GET /api/me/bank-accounts.
 */
export async function signUpWithBankHttp(client: HttpClient, db: Queryable): Promise<BankUser> {
  const user = await signUpHttp(client);
  await db.query(
    `UPDATE users SET bank_account_number = 'XXXXXXXX1234', bank_ifsc_code = 'SBIN0001234',
            bank_name = 'State Bank of India' WHERE id = $1`,
    [user.id],
  );
  await verifyKyc(db, user.id);
  const res = await client.get('/api/me/bank-accounts', user.cookie);
  const accounts = res.json<{ bankAccounts: Array<{ id: string; status: string }> }>().bankAccounts;
  const account = accounts.find((a) => a.status === 'verified');
  if (res.status !== 200 || !account) throw new Error(`bank accounts ${res.status} ${res.body}`);
  return { ...user, accountId: account.id };
}

let payoutCounter = 0;
/** A fresh payout UTR (the bank's reference the admin enters), unique in this process. */
export function payoutUtr(prefix = 'PAY'): string {
  payoutCounter += 1;
  return `${prefix}${String(Date.now() % 1e8).padStart(8, '0')}${String(payoutCounter).padStart(6, '0')}`;
}

export interface WdOutcome {
  /** 0 = no answer received (connection cut, refused, timed out) */
  status: number;
  code: string;
  withdrawalId?: string;
  replayed: boolean;
}

/** One withdrawal request or admin approval sent with an Idempotency-Key. */
export interface SentWd {
  kind: 'request' | 'approve';
  /** the request's owner; for an approval, the owner of the withdrawal approved */
  user: BankUser;
  cookie: string;
  key: string;
  path: string;
  body: Record<string, string>;
  /** the withdrawal approved (approvals only) */
  target?: string;
  first: WdOutcome;
  final: WdOutcome;
  retries: number;
}

/** Refusals the burst expects, by kind; anything else is unexplained. */
const EXPLAINED: Record<SentWd['kind'], { status: number; codes: Set<string> }> = {
  request: { status: 422, codes: new Set(['insufficient_inr', 'withdrawal_limit']) },
  // another key approved the same withdrawal first
  approve: { status: 409, codes: new Set(['invalid_state']) },
};

export const wdDefinitive = (s: Pick<SentWd, 'kind' | 'final'>) =>
  s.final.status === (s.kind === 'request' ? 201 : 200) ||
  (s.final.status === EXPLAINED[s.kind].status && EXPLAINED[s.kind].codes.has(s.final.code));

async function sendWd(
  client: HttpClient,
  s: Pick<SentWd, 'cookie' | 'key' | 'path' | 'body'>,
): Promise<WdOutcome> {
  try {
    const res = await client.post(s.path, s.cookie, s.body, { 'idempotency-key': s.key });
    const outcome: WdOutcome = {
      status: res.status,
      code: errorCodeOf(res),
      replayed: res.headers['idempotent-replayed'] === 'true',
    };
    if (res.status === 200 || res.status === 201)
      outcome.withdrawalId = res.json<{ withdrawal: { id: string } }>().withdrawal.id;
    return outcome;
  } catch (err) {
    return { status: 0, code: (err as Error).message, replayed: false };
  }
}

/**
 * Withdrawal requests (users) and approvals (the admin) from `concurrency` workers, each with a
 * fresh Idempotency-Key, until `crash` (started at `crashAfterMs`) has done its work. Approvals
 * pick from `pending` (withdrawal id → owner) without taking it out, so two keys now and then
 * approve the same withdrawal: exactly one may pay it.
 */
export async function withdrawalBurstUntilCrash(
  client: HttpClient,
  users: BankUser[],
  admin: string,
  pending: Map<string, BankUser>,
  opts: {
    rnd: Prng;
    prefix: string;
    concurrency: number;
    crashAfterMs: number;
    crash: () => Promise<void> | void;
  },
): Promise<SentWd[]> {
  const sent: SentWd[] = [];
  let stop = false;
  let n = 0;
  const crashed = (async () => {
    await sleep(opts.crashAfterMs);
    await opts.crash();
    stop = true;
  })();
  const worker = async () => {
    while (!stop) {
      n += 1;
      const key = `${opts.prefix}-${n}`;
      const ids = [...pending.keys()];
      let s: Omit<SentWd, 'first' | 'final' | 'retries'>;
      if (ids.length > 0 && opts.rnd.next() < 0.55) {
        const target = opts.rnd.pick(ids);
        s = {
          kind: 'approve',
          user: pending.get(target)!,
          cookie: admin,
          key,
          path: `/api/admin/withdrawals/${target}/approve`,
          body: { utrNumber: payoutUtr(opts.prefix.toUpperCase().replace(/[^A-Z0-9]/g, '')) },
          target,
        };
      } else {
        const user = opts.rnd.pick(users);
        s = {
          kind: 'request',
          user,
          cookie: user.cookie,
          key,
          path: '/api/withdrawals',
          body: {
            amount: unitsToDecimal(BigInt(opts.rnd.int(10_000, 200_000)), 2),
            bankAccountId: user.accountId,
          },
        };
      }
      const first = await sendWd(client, s);
      sent.push({ ...s, first, final: first, retries: 0 });
      if (s.kind === 'request' && first.status === 201) pending.set(first.withdrawalId!, s.user);
      if (s.kind === 'approve' && (first.status === 200 || first.status === 409))
        pending.delete(s.target!);
      if (first.status === 0 || first.status >= 500) break;
    }
  };
  await Promise.all([crashed, ...Array.from({ length: opts.concurrency }, worker)]);
  return sent;
}

/** Sends every request without a definitive answer again, same key and body, until it has one. */
export async function retryUnansweredWd(
  client: HttpClient,
  sent: SentWd[],
  pending: Map<string, BankUser>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const s of sent) {
    while (!wdDefinitive(s)) {
      if (Date.now() > deadline) return;
      if (s.retries > 0) await sleep(200);
      s.final = await sendWd(client, s);
      s.retries += 1;
    }
    if (s.kind === 'request' && s.final.status === 201 && s.first.status !== 201)
      pending.set(s.final.withdrawalId!, s.user);
    if (s.kind === 'approve' && s.final.status === 200) pending.delete(s.target!);
  }
}

export interface WdCheck {
  undecided: string[];
  /** 201 requests whose withdrawal is missing, 200 approvals whose withdrawal is not paid */
  lost: string[];
  /** withdrawals paid by two keys, withdrawals no key accounts for, key rows ≠ answers */
  duplicates: string[];
  changedAnswers: string[];
  /** paid withdrawals that no 200 approval answered */
  paidUnacknowledged: string[];
  /** per user: balance, held or payouts ≠ what the answers imply */
  moneyMismatches: string[];
  paid: number;
  approvals200: number;
  requests201: number;
}

/**
 * The crash criteria from the database: every 201 request's withdrawal exists, every 200
 * approval's withdrawal is paid and was paid by exactly one key, every paid withdrawal was
 * acknowledged, each key kept its first answer, and each user's available INR, held INR and
 * payouts equal `funded` − the acknowledged requests, the pending ones and the paid ones.
 */
export async function checkWithdrawalBurst(
  db: Queryable,
  users: BankUser[],
  admin: { id: string },
  sent: SentWd[],
  funded: Map<string, bigint>,
): Promise<WdCheck> {
  const undecided = sent
    .filter((s) => !wdDefinitive(s))
    .map((s) => `${s.kind} ${s.key}: ${s.final.status} ${s.final.code}`);
  const changedAnswers = sent
    .filter(
      (s) => s.first.status === s.final.status && s.first.withdrawalId !== s.final.withdrawalId,
    )
    .map((s) => `${s.key}: ${s.first.withdrawalId} then ${s.final.withdrawalId}`);
  const rows = await db.query<{
    id: string;
    user_id: string;
    status: string;
    amount: string;
    utr: string | null;
  }>(
    `SELECT id, user_id, status, amount::text AS amount, utr_number AS utr FROM withdrawals
      WHERE user_id = ANY($1::uuid[])`,
    [users.map((u) => u.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lost: string[] = [];
  const duplicates: string[] = [];
  const requested = new Set<string>();
  for (const s of sent.filter((x) => x.kind === 'request' && x.final.status === 201)) {
    const id = s.final.withdrawalId!;
    if (!byId.has(id)) lost.push(`request ${s.key}: withdrawal ${id} missing`);
    if (requested.has(id)) duplicates.push(`withdrawal ${id} answers two request keys`);
    requested.add(id);
  }
  for (const r of rows)
    if (!requested.has(r.id)) duplicates.push(`withdrawal ${r.id} answers no request key`);
  const payers = new Map<string, string>();
  for (const s of sent.filter((x) => x.kind === 'approve' && x.final.status === 200)) {
    const row = byId.get(s.target!);
    if (row?.status !== 'paid' || row.utr !== s.body.utrNumber)
      lost.push(`approve ${s.key}: ${s.target} is ${row?.status} with UTR ${row?.utr}`);
    const other = payers.get(s.target!);
    if (other) duplicates.push(`withdrawal ${s.target} paid by ${other} and ${s.key}`);
    payers.set(s.target!, s.key);
  }
  const paidUnacknowledged = rows
    .filter((r) => r.status === 'paid' && !payers.has(r.id))
    .map((r) => `${r.id} paid (UTR ${r.utr}) without a 200 answer`);

  const keyRows = await db.query<{ key: string; id: string | null }>(
    `SELECT key, response_body->'withdrawal'->>'id' AS id FROM idempotency_keys
      WHERE user_id = ANY($1::uuid[])`,
    [[...users.map((u) => u.id), admin.id]],
  );
  const byKey = new Map(keyRows.map((r) => [r.key, r.id]));
  for (const s of sent) {
    const ok = s.final.status === 200 || s.final.status === 201;
    const stored = byKey.get(s.key);
    if (ok && stored !== s.final.withdrawalId)
      duplicates.push(`key ${s.key} stored ${stored} answered ${s.final.withdrawalId}`);
    if (!ok && stored !== undefined && stored !== null)
      duplicates.push(`key ${s.key} refused (${s.final.code}) yet stored ${stored}`);
  }

  const money = await db.query<{ id: string; inr: string; held: string; payout: string }>(
    `SELECT u.id, u.balance::text AS inr, u.inr_held::text AS held,
            coalesce((SELECT sum(l.amount) FROM ledger_entries l JOIN withdrawals w ON w.id = l.operation_id
                       WHERE l.account = 'bank_payout' AND w.user_id = u.id), 0)::numeric(20, 2)::text AS payout
       FROM users u WHERE u.id = ANY($1::uuid[])`,
    [users.map((u) => u.id)],
  );
  const moneyMismatches: string[] = [];
  for (const m of money) {
    const mine = rows.filter((r) => r.user_id === m.id && requested.has(r.id));
    const sum = (st: string[]) =>
      mine
        .filter((r) => st.includes(r.status))
        .reduce((a, r) => a + decimalToUnits(r.amount, 2), 0n);
    // Which withdrawals are paid comes from the answers: the acknowledged approvals.
    const paidAcked = mine
      .filter((r) => payers.has(r.id))
      .reduce((a, r) => a + decimalToUnits(r.amount, 2), 0n);
    const expected = {
      inr: unitsToDecimal(funded.get(m.id)! - sum(['pending', 'paid']), 2),
      held: unitsToDecimal(sum(['pending']), 2),
      payout: unitsToDecimal(paidAcked, 2),
    };
    const actual = { inr: m.inr, held: m.held, payout: m.payout };
    if (JSON.stringify(expected) !== JSON.stringify(actual))
      moneyMismatches.push(
        `${m.id}: expected ${JSON.stringify(expected)} got ${JSON.stringify(actual)}`,
      );
  }
  return {
    undecided,
    lost,
    duplicates,
    changedAnswers,
    paidUnacknowledged,
    moneyMismatches,
    paid: rows.filter((r) => r.status === 'paid').length,
    approvals200: payers.size,
    requests201: requested.size,
  };
}
