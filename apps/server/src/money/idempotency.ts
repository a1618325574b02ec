import { createHash } from 'node:crypto';
import { messages } from '@sikka/contracts';
import type { Db, Queryable } from '../db/index.ts';
import { DomainError } from '../domain-error.ts';

export interface StoredAnswer<B> {
  status: number;
  body: B;
  /** true when this is the first request's answer given again */
  replayed: boolean;
}

/** SHA-256 over the operation name and the validated (normalised) body. */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, body]))
    .digest('hex');
}

/**
 * Runs a money operation in one transaction, at most once per (user, Idempotency-Key).
 *
 * The key row is inserted FIRST in the same transaction as the operation, so:
 *  - a concurrent duplicate's INSERT waits on the primary key until the first transaction
 *    ends; if it committed, the duplicate finds the row and replays its answer; if it rolled
 *    back, the duplicate's insert succeeds and it runs the operation itself;
 *  - the answer is stored only together with the operation's effects: a crash between the
 *    two cannot leave one without the other.
 * A refused operation (insufficient funds, price moved) rolls the key back with everything
 * else, so the same key may be retried once the cause is fixed.
 */
export async function runIdempotent<B>(
  db: Db,
  userId: string,
  key: string | undefined,
  hash: string,
  operation: (tx: Queryable) => Promise<{ status: number; body: B }>,
): Promise<StoredAnswer<B>> {
  return db.transaction(async (tx) => {
    if (key !== undefined) {
      const inserted = await tx.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, key) DO NOTHING RETURNING 1 AS ok`,
        [userId, key, hash],
      );
      if (inserted.length === 0) {
        const rows = await tx.query<{
          request_hash: string;
          response_status: number | null;
          response_body: B | null;
        }>(
          `SELECT request_hash, response_status, response_body FROM idempotency_keys
            WHERE user_id = $1 AND key = $2`,
          [userId, key],
        );
        const row = rows[0];
        if (!row || row.request_hash !== hash) {
          throw new DomainError('idempotency_conflict', messages.idempotency.conflict);
        }
        if (row.response_status === null || row.response_body === null) {
          // Cannot happen: the answer is written in the transaction that inserted the key.
          throw new Error('idempotency key without an answer');
        }
        return { status: row.response_status, body: row.response_body, replayed: true };
      }
    }
    const answer = await operation(tx);
    if (key !== undefined) {
      await tx.query(
        `UPDATE idempotency_keys SET response_status = $3, response_body = $4::jsonb
          WHERE user_id = $1 AND key = $2`,
        [userId, key, answer.status, JSON.stringify(answer.body)],
      );
    }
    return { ...answer, replayed: false };
  });
}

/**
 * Whether (user, key) was used already: runIdempotent will answer it from the table (the
 * first answer again, or a conflict) without running the operation. A check that asks the
 * outside world before the transaction (the chain, for a withdrawal's address) skips it then,
 * so a retry replays the first answer even when the outside world has changed or gone.
 */
export async function keyAlreadyUsed(
  db: Queryable,
  userId: string,
  key: string | undefined,
): Promise<boolean> {
  if (key === undefined) return false;
  const rows = await db.query(
    'SELECT 1 AS used FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return rows.length > 0;
}
