import { setAuditActor, type AuditActor } from '../audit/audit-log.ts';
import type { Db, Queryable } from '../db/index.ts';
import { isUuid } from '../db/query-helpers.ts';
import { notFound } from '../domain-error.ts';
import { runIdempotent, type StoredAnswer } from './idempotency.ts';

/** Who decides what, and how a retry of the same decision is recognised. */
export interface AdminDecision {
  admin: AuditActor;
  /** the record decided on, from the path: a malformed id is not found, like an unknown one */
  recordId: string;
  /** the admin's Idempotency-Key, if the request sent one */
  key: string | undefined;
  /** requestHash of the operation, the record and the decision */
  hash: string;
}

/**
 * An admin's decision on one pending record (a withdrawal, a bank account), at most once per
 * (admin, Idempotency-Key): the key, the decision and its audit row (written by the record's
 * trigger, naming the admin) commit together, and a replay answers with the first answer.
 * Without a key, parallel decisions still act once: the SQL function locks the record and
 * re-checks that it is pending, so all but one get invalid_state.
 */
export function runAdminDecision<B>(
  db: Db,
  decision: AdminDecision,
  decide: (tx: Queryable) => Promise<B>,
): Promise<StoredAnswer<B>> {
  return runIdempotent(db, decision.admin.id, decision.key, decision.hash, async (tx) => {
    if (!isUuid(decision.recordId)) throw notFound();
    await setAuditActor(tx, decision.admin);
    return { status: 200, body: await decide(tx) };
  });
}
