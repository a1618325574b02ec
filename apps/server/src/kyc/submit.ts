import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { documentKinds, messages, type DocumentKind, type KycStatus } from '@sikka/contracts';
import type { Db } from '../db/index.ts';
import { DomainError, unauthorized } from '../domain-error.ts';
import { maskAccountNumber } from '../money/account-numbers.ts';
import type { DocumentStorage } from '../storage/index.ts';
import type { UserRow } from '../users/user-row.ts';
import { sealAadhaar, storeSealedAadhaar, type VaultKey } from './vault.ts';
import { keepCurrentKyc } from './history.ts';
import {
  aadhaarHmac,
  assertIdentityFree,
  ensureAadhaarsIndexed,
  identityViolation,
} from './identity.ts';
import type { KycForm } from './form.ts';
import { checkKycType, validateIndividual, type ValidSubmission } from './validate.ts';

/** KYC may be (re)submitted only while nothing is awaiting review or approved. */
export const SUBMITTABLE: readonly KycStatus[] = ['pending', 'rejected'];

export function invalidStateForSubmit(status: KycStatus): DomainError {
  const message =
    status === 'verified' ? messages.kyc.alreadyVerified : messages.kyc.alreadySubmitted;
  return new DomainError('invalid_state', message);
}

/** '234123412346' → 'XXXX XXXX 2346'. */
export const maskAadhaar = (digits: string) => `XXXX XXXX ${digits.slice(-4)}`;

export interface SubmitDeps {
  db: Db;
  storage: DocumentStorage;
  vault: VaultKey;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * An individual KYC submission from its form, checked in the order the form's messages come
 * in: the type first (corporate has no form yet), then whether this user may submit at all,
 * then every field and file at once, and only then is anything stored.
 */
export async function submitKyc(
  deps: SubmitDeps,
  user: Pick<UserRow, 'id' | 'kyc_status'>,
  form: KycForm,
): Promise<UserRow> {
  checkKycType(form);
  if (!SUBMITTABLE.includes(user.kyc_status)) throw invalidStateForSubmit(user.kyc_status);
  const submission = await validateIndividual(form);
  return submitIndividualKyc(deps, user.id, submission);
}

async function deleteQuietly(deps: SubmitDeps, keys: string[], why: string): Promise<void> {
  const results = await Promise.allSettled(keys.map((k) => deps.storage.delete(k)));
  for (const r of results)
    if (r.status === 'rejected')
      deps.log.warn({ err: r.reason, why }, 'could not delete a KYC document');
}

/**
 * Refuses a PAN or Aadhaar another account holds (ADR 039), then stores the files, then, in
 * one transaction, keeps the record being replaced as history (its documents included, ADR
 * 041) and writes the user row and the sealed Aadhaar. Files of a submission that is not
 * committed are deleted; nothing of an earlier submission ever is.
 */
export async function submitIndividualKyc(
  deps: SubmitDeps,
  userId: string,
  submission: ValidSubmission,
): Promise<UserRow> {
  const { fields } = submission;
  await ensureAadhaarsIndexed(deps.db, deps.vault, deps.log);
  const aadhaarIndex = aadhaarHmac(deps.vault, fields.aadharNumber);
  await assertIdentityFree(deps.db, userId, fields.panNumber, aadhaarIndex);

  const keys = Object.fromEntries(
    documentKinds.map((kind) => [
      kind,
      `${userId}/${randomUUID()}.${submission.documents[kind].extension}`,
    ]),
  ) as Record<DocumentKind, string>;

  const puts = await Promise.allSettled(
    documentKinds.map((kind) =>
      deps.storage.put(
        keys[kind],
        submission.documents[kind].data,
        submission.documents[kind].contentType,
      ),
    ),
  );
  const failed = puts.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await deleteQuietly(
      deps,
      documentKinds.filter((_, i) => puts[i]!.status === 'fulfilled').map((k) => keys[k]),
      'upload failed',
    );
    throw failed.reason;
  }

  try {
    return await deps.db.transaction(async (tx) => {
      const current = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [
        userId,
      ]);
      const before = current[0];
      if (!before) throw unauthorized();
      // Re-checked under the row lock: two submissions racing cannot both pass.
      if (!SUBMITTABLE.includes(before.kyc_status)) throw invalidStateForSubmit(before.kyc_status);
      // The record this submission replaces (a rejected one, with its documents) is kept as
      // it was, in this transaction: the replacement and its history commit together.
      await keepCurrentKyc(tx, userId, deps.now);
      // The unique indexes of migration 038 decide between two accounts submitting one PAN or
      // Aadhaar at once; a new submission is no longer a legacy duplicate, so the rule holds.
      const rows = await tx
        .query<UserRow>(
          `UPDATE users
              SET kyc_status = 'submitted', kyc_submitted_at = $2, kyc_type = 'individual',
                  kyc_document_type = 'aadhaar', kyc_document_number = $3, kyc_rejected_reason = NULL,
                  kyc_verified_at = NULL,
                  kyc_front_url = $4, kyc_back_url = $5, kyc_selfie_url = $6, pan_front_url = $7,
                  bank_statement_url = $8, pan_number = $9, bank_name = $10, bank_ifsc_code = $11,
                  bank_account_number = $12, aadhaar_hmac = $13, kyc_pan_legacy_duplicate = false,
                  kyc_aadhaar_legacy_duplicate = false, updated_at = now()
            WHERE id = $1
          RETURNING *`,
          [
            userId,
            deps.now,
            maskAadhaar(fields.aadharNumber),
            keys.aadharFront,
            keys.aadharBack,
            keys.selfie,
            keys.panFront,
            keys.bankStatement,
            fields.panNumber,
            fields.bankName,
            fields.ifscCode,
            maskAccountNumber(fields.accountNumber),
            aadhaarIndex,
          ],
        )
        .catch((err: unknown) => {
          throw identityViolation(err);
        });
      await storeSealedAadhaar(tx, userId, sealAadhaar(deps.vault, userId, fields.aadharNumber));
      return rows[0]!;
    });
  } catch (err) {
    await deleteQuietly(deps, Object.values(keys), 'submission not committed');
    throw err;
  }
}
