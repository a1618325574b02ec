import { documentKinds, type KycEarlierSubmission, type KycStatus } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { isUuid } from '../db/query-helpers.ts';
import { notFound } from '../domain-error.ts';
import { DOCUMENT_COLUMN } from './document-columns.ts';

/**
 * KYC records are kept (ADR 041, migration 040): before a new submission overwrites the user's
 * KYC record, the record as it stands moves to kyc_submission_history, with its documents'
 * storage keys (the files are not deleted), its sealed Aadhaar and the decision on it.
 */

/** The columns a kept record copies from users, under the same names. */
const COPIED = [
  'kyc_status',
  'kyc_type',
  'kyc_document_type',
  'kyc_document_number',
  'pan_number',
  'bank_name',
  'bank_ifsc_code',
  'bank_account_number',
  'aadhaar_hmac',
  ...documentKinds.map((kind) => DOCUMENT_COLUMN[kind]),
  'kyc_submitted_at',
  'kyc_verified_at',
  'kyc_rejected_reason',
] as const;

/**
 * Keeps the user's current KYC record as history, inside the transaction that is about to
 * replace it (the caller holds the users row lock). A user who never submitted has nothing to
 * keep. The decision's reviewer and time come from its audit entry (the latest 'kyc.<status>'
 * of the user, which for a rejected record is its rejection). Returns whether a row was kept.
 */
export async function keepCurrentKyc(tx: Queryable, userId: string, now: Date): Promise<boolean> {
  const documents = documentKinds.map((kind) => `u.${DOCUMENT_COLUMN[kind]}`);
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO kyc_submission_history
       (user_id, ${COPIED.join(', ')}, aadhaar_ciphertext, aadhaar_iv, aadhaar_tag,
        aadhaar_key_version, decided_by, decided_at, replaced_at)
     SELECT u.id, ${COPIED.map((c) => `u.${c}`).join(', ')}, v.ciphertext, v.iv, v.tag,
            v.key_version, d.actor_id, d.created_at, $2
       FROM users u
       LEFT JOIN kyc_vault v ON v.user_id = u.id
       LEFT JOIN LATERAL (
         SELECT a.actor_id, a.created_at FROM audit_log a
          WHERE a.subject_user_id = u.id AND a.target_type = 'user'
            AND a.action = 'kyc.' || u.kyc_status AND u.kyc_status IN ('verified', 'rejected')
          ORDER BY a.created_at DESC, a.id DESC
          LIMIT 1
       ) d ON true
      WHERE u.id = $1
        AND (u.kyc_submitted_at IS NOT NULL OR coalesce(${documents.join(', ')}) IS NOT NULL)
     RETURNING id`,
    [userId, now],
  );
  return rows.length > 0;
}

interface HistoryRow {
  id: string;
  kyc_status: KycStatus;
  kyc_type: string | null;
  kyc_document_number: string | null;
  pan_number: string | null;
  bank_name: string | null;
  bank_ifsc_code: string | null;
  bank_account_number: string | null;
  kyc_submitted_at: Date | null;
  kyc_rejected_reason: string | null;
  decided_at: Date | null;
  decided_by_email: string | null;
  replaced_at: Date;
  [column: string]: unknown;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * A user's earlier KYC submissions, newest first, for the admin's review. Not paged: each one
 * took a rejection by an admin, so there are few. 404 for an unknown user.
 */
export async function listKycHistory(
  db: Queryable,
  userId: string,
): Promise<KycEarlierSubmission[]> {
  if (!isUuid(userId)) throw notFound();
  const exists = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (exists.length === 0) throw notFound();
  const rows = await db.query<HistoryRow>(
    `SELECT h.id, h.kyc_status, h.kyc_type, h.kyc_document_number, h.pan_number, h.bank_name,
            h.bank_ifsc_code, h.bank_account_number, h.kyc_submitted_at, h.kyc_rejected_reason,
            h.decided_at, r.email AS decided_by_email, h.replaced_at,
            ${documentKinds.map((kind) => `h.${DOCUMENT_COLUMN[kind]}`).join(', ')}
       FROM kyc_submission_history h
       LEFT JOIN users r ON r.id = h.decided_by
      WHERE h.user_id = $1
      ORDER BY h.replaced_at DESC, h.id DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.kyc_status,
    submittedAt: iso(row.kyc_submitted_at),
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by_email,
    rejectedReason: row.kyc_rejected_reason,
    replacedAt: row.replaced_at.toISOString(),
    kycType: row.kyc_type,
    kycDocumentNumber: row.kyc_document_number,
    panNumber: row.pan_number,
    bankName: row.bank_name,
    bankIfscCode: row.bank_ifsc_code,
    bankAccountNumber: row.bank_account_number,
    documents: documentKinds.filter((kind) => row[DOCUMENT_COLUMN[kind]]),
  }));
}
