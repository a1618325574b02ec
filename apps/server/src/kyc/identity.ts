import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { kycIdentityMessages } from '@sikka/contracts';
import type { Db, Queryable } from '../db/index.ts';
import { isUniqueViolation } from '../db/query-helpers.ts';
import { DomainError } from '../domain-error.ts';
import { derivedKey, openAadhaar, type VaultKey } from './vault.ts';

/**
 * One PAN and one Aadhaar verify one account (ADR 039, migration 038): while an account's KYC
 * is submitted or verified, its PAN and its Aadhaar are its own. The partial unique indexes
 * below decide; the look-up before them only saves storing the files of a submission that is
 * going to be refused, and names both fields at once when both are taken.
 */
export const PAN_INDEX = 'users_kyc_pan_key';
export const AADHAAR_INDEX = 'users_kyc_aadhaar_key';

/**
 * HMAC-SHA256 of the 12 Aadhaar digits under a key derived from the vault key: equal numbers
 * match, and the stored value cannot be reversed by trying the 10^12 numbers without the key.
 */
export function aadhaarHmac(vault: VaultKey, digits: string): Buffer {
  return createHmac('sha256', derivedKey(vault, 'aadhaar-index')).update(digits, 'utf8').digest();
}

interface Taken {
  pan: boolean;
  aadhaar: boolean;
}

function takenError({ pan, aadhaar }: Taken): DomainError {
  const fields: Record<string, string> = {};
  if (aadhaar) fields.aadharNumber = kycIdentityMessages.aadhaarTaken;
  if (pan) fields.panNumber = kycIdentityMessages.panTaken;
  return new DomainError('invalid_state', Object.values(fields).join('\n'), fields);
}

/** Refuses, before anything is stored, a PAN or Aadhaar another account holds. */
export async function assertIdentityFree(
  db: Queryable,
  userId: string,
  pan: string,
  aadhaar: Buffer,
): Promise<void> {
  const rows = await db.query<{ pan: boolean; aadhaar: boolean }>(
    `SELECT bool_or(upper(pan_number) = upper($2) AND NOT kyc_pan_legacy_duplicate) AS pan,
            bool_or(aadhaar_hmac = $3 AND NOT kyc_aadhaar_legacy_duplicate) AS aadhaar
       FROM users
      WHERE id <> $1 AND kyc_status IN ('submitted', 'verified')
        AND (upper(pan_number) = upper($2) OR aadhaar_hmac = $3)`,
    [userId, pan, aadhaar],
  );
  const taken = { pan: rows[0]?.pan === true, aadhaar: rows[0]?.aadhaar === true };
  if (taken.pan || taken.aadhaar) throw takenError(taken);
}

/** The unique index's verdict, when `err` is one, in the form's words; otherwise `err`. */
export function identityViolation(err: unknown): unknown {
  const pan = isUniqueViolation(err, PAN_INDEX);
  const aadhaar = isUniqueViolation(err, AADHAAR_INDEX);
  return pan || aadhaar ? takenError({ pan, aadhaar }) : err;
}

/**
 * Fills aadhaar_hmac of accounts that submitted before migration 038: only the app has the
 * vault key. Verified accounts first, then by submission time, so when two old accounts share
 * an Aadhaar the earlier one keeps it and the later one is flagged kyc_aadhaar_legacy_duplicate
 * (left as it is, for an admin), as the migration does for PANs. Returns how many were filled.
 * A record the key cannot open (another key sealed it) is logged and left NULL.
 */
export async function indexExistingAadhaars(
  db: Db,
  vault: VaultKey,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const rows = await db.query<{
    user_id: string;
    ciphertext: Uint8Array;
    iv: Uint8Array;
    tag: Uint8Array;
  }>(
    `SELECT v.user_id, v.ciphertext, v.iv, v.tag
       FROM kyc_vault v JOIN users u ON u.id = v.user_id
      WHERE u.aadhaar_hmac IS NULL
      ORDER BY (u.kyc_status = 'verified') DESC, u.kyc_submitted_at NULLS LAST, u.created_at, u.id`,
  );
  let filled = 0;
  for (const row of rows) {
    let digits: string;
    try {
      digits = openAadhaar(vault, row.user_id, row);
    } catch (err) {
      log.warn({ err, userId: row.user_id }, 'cannot open a sealed Aadhaar to index it');
      continue;
    }
    const hmac = aadhaarHmac(vault, digits);
    const fill = (duplicate: boolean) =>
      db.query(
        `UPDATE users SET aadhaar_hmac = $2, kyc_aadhaar_legacy_duplicate = $3
          WHERE id = $1 AND aadhaar_hmac IS NULL`,
        [row.user_id, hmac, duplicate],
      );
    try {
      await fill(false);
    } catch (err) {
      if (!isUniqueViolation(err, AADHAAR_INDEX)) throw err;
      await fill(true);
    }
    filled += 1;
  }
  return filled;
}

const indexing = new WeakMap<Db, Promise<number>>();

/**
 * indexExistingAadhaars once per database per process, before the first submission is
 * checked: a submission can only be compared with Aadhaars that are indexed. A failure is not
 * remembered, so the next submission tries again (and fails closed meanwhile).
 */
export function ensureAadhaarsIndexed(
  db: Db,
  vault: VaultKey,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  let run = indexing.get(db);
  if (!run) {
    run = indexExistingAadhaars(db, vault, log);
    indexing.set(db, run);
    run.catch(() => indexing.delete(db));
  }
  return run;
}
