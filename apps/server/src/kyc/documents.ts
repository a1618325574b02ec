import type { FastifyBaseLogger } from 'fastify';
import { documentKindSchema, messages, type DocumentKind, type Role } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { isUuid } from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { DocumentStorage } from '../storage/index.ts';
import { DOCUMENT_COLUMN } from './document-columns.ts';

export interface DocumentReader {
  db: Queryable;
  storage: DocumentStorage;
  log: FastifyBaseLogger;
}

const documentMissing = () => notFound(messages.kyc.documentMissing);

/**
 * A KYC document's bytes, to its owner or the admin. Anyone else is told it is missing exactly
 * like a missing one: a "forbidden" would confirm that the account and its document exist. The
 * admin reads another's documents only with two-factor on, as every admin tool asks (ADR 017).
 *
 * With `submissionId`, a document of an earlier submission (kyc_submission_history, ADR 041),
 * to the admin only, with two-factor on, even for their own account: it is a record kept for
 * the regulator, and its owner, like anyone else, is told it is missing.
 */
export async function readDocument(
  deps: DocumentReader,
  caller: { id: string; role: Role; totp_enabled_at: Date | null },
  userId: string,
  kindName: string,
  submissionId?: string,
): Promise<{ kind: DocumentKind; data: Buffer }> {
  const kind = documentKindSchema.safeParse(kindName);
  if (!kind.success || !isUuid(userId)) throw documentMissing();
  const earlier = submissionId !== undefined;
  if (earlier && !isUuid(submissionId)) throw documentMissing();
  if (earlier || caller.id !== userId.toLowerCase()) {
    if (caller.role !== 'admin') throw documentMissing();
    if (!caller.totp_enabled_at) {
      throw new DomainError('two_factor_setup_required', messages.security.twoFactorSetupRequired);
    }
  }
  const column = DOCUMENT_COLUMN[kind.data];
  const rows = earlier
    ? await deps.db.query<{ key: string | null }>(
        `SELECT ${column} AS key FROM kyc_submission_history WHERE id = $1 AND user_id = $2`,
        [submissionId, userId],
      )
    : await deps.db.query<{ key: string | null }>(
        `SELECT ${column} AS key FROM users WHERE id = $1`,
        [userId],
      );
  const key = rows[0]?.key;
  if (!key) throw documentMissing();
  const data = await deps.storage.get(key);
  if (!data) {
    deps.log.warn({ userId, kind: kind.data, submissionId }, 'KYC document missing from storage');
    throw documentMissing();
  }
  return { kind: kind.data, data };
}
