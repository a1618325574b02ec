import type { FastifyBaseLogger } from 'fastify';
import { documentKindSchema, messages, type DocumentKind, type Role } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { isUuid } from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { DocumentStorage } from '../storage/index.ts';
import { DOCUMENT_COLUMN } from './submit.ts';

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
 */
export async function readDocument(
  deps: DocumentReader,
  caller: { id: string; role: Role; totp_enabled_at: Date | null },
  userId: string,
  kindName: string,
): Promise<{ kind: DocumentKind; data: Buffer }> {
  const kind = documentKindSchema.safeParse(kindName);
  if (!kind.success || !isUuid(userId)) throw documentMissing();
  if (caller.id !== userId.toLowerCase()) {
    if (caller.role !== 'admin') throw documentMissing();
    if (!caller.totp_enabled_at) {
      throw new DomainError('two_factor_setup_required', messages.security.twoFactorSetupRequired);
    }
  }
  const rows = await deps.db.query<{ key: string | null }>(
    `SELECT ${DOCUMENT_COLUMN[kind.data]} AS key FROM users WHERE id = $1`,
    [userId],
  );
  const key = rows[0]?.key;
  if (!key) throw documentMissing();
  const data = await deps.storage.get(key);
  if (!data) {
    deps.log.warn({ userId, kind: kind.data }, 'KYC document missing from storage');
    throw documentMissing();
  }
  return { kind: kind.data, data };
}
