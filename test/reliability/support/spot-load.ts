import type { SpotOrderResponse } from '@sikka/contracts';
import type { Queryable } from '../../support/server.ts';
import { sleep } from '../../support/realtime-client.ts';
import type { HttpClient } from './http-client.ts';
import type { Prng } from './prng.ts';
import {
  checkAnswers,
  LOAD_MARKETS,
  postSpot,
  randomOrder,
  type SpotAnswer,
} from './spot-exchange.ts';
import type { HttpUser } from './trade-burst.ts';

/** One request of the load and what became of it. */
export interface SpotOp {
  kind: 'place' | 'cancel' | 'cancelAll';
  user: HttpUser;
  path: string;
  body: unknown;
  /** places only: every order carries a fresh Idempotency-Key, so a cut one can be retried */
  key?: string;
  /** the instance it was first sent to */
  via: number;
  first: SpotAnswer;
  final: SpotAnswer;
  retries: number;
}

/** The answers that settle a request; anything else (cut, 5xx, odd 4xx) is not definitive. */
export function definitive(op: Pick<SpotOp, 'kind' | 'final'>): boolean {
  const { status, code } = op.final;
  if (op.kind === 'place')
    return status === 201 || (status === 422 && code === 'insufficient_funds');
  if (op.kind === 'cancel') return status === 200 || (status === 409 && code === 'invalid_state');
  return status === 200;
}

export interface LoadOptions {
  /** The instance a request goes to, by the request's number (and whether it is alive). */
  pick: (n: number) => { client: HttpClient; via: number };
  users: HttpUser[];
  rnd: Prng;
  prefix: string;
  concurrency: number;
  /** The load stops when this resolves, or after `maxOps` requests. */
  until?: Promise<unknown>;
  maxOps?: number;
  /** Share of cancels and cancel-alls (the rest are orders). */
  cancelShare?: number;
}

/**
 * Mixed spot requests from `concurrency` workers: limit and market orders in USDT-INR and
 * BTC-INR, cancels of orders known to rest, and cancel-alls, all racing the fills.
 */
export async function spotLoad(opts: LoadOptions): Promise<SpotOp[]> {
  const ops: SpotOp[] = [];
  const resting = new Map<string, HttpUser>();
  let stop = false;
  let n = 0;
  void opts.until?.then(() => {
    stop = true;
  });
  const cancelShare = opts.cancelShare ?? 0.25;
  const worker = async () => {
    while (!stop && (opts.maxOps === undefined || n < opts.maxOps)) {
      n += 1;
      const { client, via } = opts.pick(n);
      const roll = opts.rnd.next();
      let op: Omit<SpotOp, 'first' | 'final' | 'retries'>;
      if (roll < cancelShare && resting.size > 0 && roll > cancelShare / 5) {
        const id = opts.rnd.pick([...resting.keys()]);
        op = {
          kind: 'cancel',
          user: resting.get(id)!,
          path: `/api/spot/orders/${id}/cancel`,
          body: {},
          via,
        };
        resting.delete(id);
      } else if (roll < cancelShare / 5) {
        op = {
          kind: 'cancelAll',
          user: opts.rnd.pick(opts.users),
          path: '/api/spot/orders/cancel-all',
          body: { market: opts.rnd.pick(LOAD_MARKETS) },
          via,
        };
      } else {
        op = {
          kind: 'place',
          user: opts.rnd.pick(opts.users),
          path: '/api/spot/orders',
          body: randomOrder(opts.rnd, opts.rnd.pick(LOAD_MARKETS)),
          key: `${opts.prefix}-${n}`,
          via,
        };
      }
      const first = await postSpot(client, op.user, op.path, op.body, op.key);
      ops.push({ ...op, first, final: first, retries: 0 });
      const status = first.body?.order.status;
      if (op.kind === 'place' && (status === 'open' || status === 'partially_filled'))
        resting.set(first.body!.order.id, op.user);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return ops;
}

/** Sends every request without a definitive answer again (same key, same body) until it has one. */
export async function retryUndecided(
  client: HttpClient,
  ops: SpotOp[],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const op of ops) {
    while (!definitive(op)) {
      if (Date.now() > deadline) return;
      if (op.retries > 0) await sleep(200);
      op.final = await postSpot(client, op.user, op.path, op.body, op.key);
      op.retries += 1;
    }
  }
}

export interface LoadCheck {
  undecided: string[];
  /** acknowledged answers the database contradicts */
  mismatches: string[];
  /** orders of these users no acknowledged key accounts for, or keys with another order */
  unexplained: string[];
  /** orders left in status 'new' (accepted but never settled: half-done) */
  halfDone: string[];
  acknowledged: number;
  fills: number;
}

/**
 * The database against the answers: every 201/200 answer holds (checkAnswers), every order of
 * these users is the final answer of exactly one key, and no order is left half-done.
 */
export async function checkLoad(
  db: Queryable,
  users: HttpUser[],
  ops: SpotOp[],
): Promise<LoadCheck> {
  const undecided = ops
    .filter((op) => !definitive(op))
    .map((op) => `${op.kind} ${op.key ?? op.path}: ${op.final.status} ${op.final.code}`);
  const answers: Array<{ answer: SpotOrderResponse; cancel: boolean }> = [];
  for (const op of ops) {
    if (op.first.body && op.kind !== 'cancelAll')
      answers.push({ answer: op.first.body, cancel: op.kind === 'cancel' });
    if (op.final !== op.first && op.final.body && op.kind !== 'cancelAll')
      answers.push({ answer: op.final.body, cancel: op.kind === 'cancel' });
  }
  const mismatches = await checkAnswers(db, answers);
  const rows = await db.query<{ id: string; key: string | null; status: string }>(
    `SELECT id, idempotency_key AS key, status FROM spot_orders WHERE user_id = ANY($1::uuid[])`,
    [users.map((u) => u.id)],
  );
  const byKey = new Map(
    ops.filter((op) => op.kind === 'place' && op.key).map((op) => [op.key!, op]),
  );
  const unexplained: string[] = [];
  const placed = new Set<string>();
  for (const r of rows) {
    const op = r.key ? byKey.get(r.key) : undefined;
    if (!op || op.final.status !== 201 || op.final.body?.order.id !== r.id)
      unexplained.push(`order ${r.id} (key ${r.key}) answers no request`);
    placed.add(r.id);
  }
  for (const op of byKey.values())
    if (op.final.status === 201 && !placed.has(op.final.body!.order.id))
      unexplained.push(`key ${op.key} answered ${op.final.body!.order.id}, not in the database`);
  const [fills] = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM spot_fills f JOIN spot_orders o ON o.id = f.taker_order_id
      WHERE o.user_id = ANY($1::uuid[])`,
    [users.map((u) => u.id)],
  );
  const halfDone = (
    await db.query<{ id: string }>(`SELECT id FROM spot_orders WHERE status = 'new'`)
  ).map((r) => `order ${r.id} is still 'new'`);
  return {
    undecided,
    mismatches,
    unexplained,
    halfDone,
    acknowledged: placed.size,
    fills: Number(fills?.n ?? 0),
  };
}
