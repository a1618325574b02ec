import type { AccountNotifier } from '../notifications/account-events.ts';
import { KYC_SUBMISSION_CHANGED, messages } from '@sikka/contracts';
import { setAuditActor, type AuditActor } from '../audit/audit-log.ts';
import type { Db } from '../db/index.ts';
import { isUuid } from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { UserRow } from '../users/user-row.ts';

export interface KycDecision {
  userId: string;
  decision: 'approve' | 'reject';
  reason?: string | undefined;
  /**
   * The reviewed submission's kycSubmittedAt (ISO), as the admin's dialog showed it. When the
   * user has submitted again since, the decision is refused: it was made on other documents.
   */
  submittedAt: string;
  admin: AuditActor;
  now: Date;
  /** Tells the user (notice and mail) in the decision's transaction. */
  notify?: AccountNotifier;
}

/**
 * Compared at the millisecond the client saw (toUser writes toISOString()); the database may
 * keep microseconds, which both drivers drop when they read a timestamptz into a Date.
 */
function sameInstant(stored: Date | null, seen: string): boolean {
  return stored !== null && stored.getTime() === Date.parse(seen);
}

/**
 * The admin's decision on a submitted KYC. Only a 'submitted' one can be decided, and only the
 * submission the admin opened, both checked under the row lock (tab A's approval after tab B's
 * rejection and the user's new submission is refused, ADR 039); the audit triggers
 * (migration 007) record the admin as the actor.
 */
export async function decideKyc(db: Db, input: KycDecision): Promise<UserRow> {
  // A malformed id names no user: not found, like an unknown one.
  if (!isUuid(input.userId)) throw notFound();
  return db.transaction(async (tx) => {
    await setAuditActor(tx, input.admin);
    const current = await tx.query<Pick<UserRow, 'kyc_status' | 'kyc_submitted_at'>>(
      'SELECT kyc_status, kyc_submitted_at FROM users WHERE id = $1 FOR UPDATE',
      [input.userId],
    );
    if (!current[0]) throw notFound();
    if (current[0].kyc_status !== 'submitted') {
      throw new DomainError('invalid_state', messages.kyc.notReviewable);
    }
    if (!sameInstant(current[0].kyc_submitted_at, input.submittedAt)) {
      throw new DomainError('invalid_state', KYC_SUBMISSION_CHANGED);
    }
    const updated =
      input.decision === 'approve'
        ? await tx.query<UserRow>(
            `UPDATE users SET kyc_status = 'verified', kyc_verified_at = $2, kyc_rejected_reason = NULL, updated_at = now()
              WHERE id = $1 RETURNING *`,
            [input.userId, input.now],
          )
        : await tx.query<UserRow>(
            `UPDATE users SET kyc_status = 'rejected', kyc_verified_at = NULL, kyc_rejected_reason = $2, updated_at = now()
              WHERE id = $1 RETURNING *`,
            [input.userId, input.reason],
          );
    await input.notify?.(
      tx,
      input.userId,
      input.decision === 'approve'
        ? { kind: 'kyc_approved' }
        : { kind: 'kyc_rejected', reason: input.reason ?? '' },
    );
    return updated[0]!;
  });
}
