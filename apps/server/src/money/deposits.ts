import {
  ADMIN_PAGE_SIZE,
  messages,
  type AdminDeposit,
  type createDepositRequestSchema,
  type Deposit,
  type DepositStatus,
} from '@sikka/contracts';
import type { z } from 'zod';
import { DomainError, notFound } from '../domain-error.ts';
import type { Db, Queryable } from '../db/index.ts';
import { containsPattern, isUuid, pagedRows, Where } from '../db/query-helpers.ts';
import { requestHash, runIdempotent, type StoredAnswer } from './idempotency.ts';
import { toAdminDeposit, toDeposit, type DepositRow, type WithUser } from './rows.ts';
import { mapMoneyErrors, moneyError } from './sql-errors.ts';

const ADMIN_COLUMNS = `d.*, u.full_name AS user_full_name, u.email AS user_email`;

/** The user's own most recent deposit requests, newest first. */
export async function listOwnDeposits(
  db: Queryable,
  userId: string,
  limit: number,
): Promise<Deposit[]> {
  const rows = await db.query<DepositRow>(
    `SELECT * FROM deposits WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toDeposit);
}

export type DepositRequest = z.output<typeof createDepositRequestSchema>;

/**
 * A deposit request at most once per (user, Idempotency-Key): a replay answers with the first
 * request's deposit. The stored status is the answer's (201), given again on a replay.
 */
export function requestDeposit(
  db: Db,
  userId: string,
  key: string | undefined,
  request: DepositRequest,
): Promise<StoredAnswer<{ deposit: Deposit }>> {
  return runIdempotent(
    db,
    userId,
    key,
    // The validated body as parsed: the same key with another body is refused.
    requestHash('create-deposit', request),
    async (tx) => {
      const deposit = toDeposit(await createDeposit(tx, userId, request.amount, request.utrNumber));
      return { status: 201, body: { deposit } };
    },
  );
}

/** A pending request; no money moves until the admin approves it. Amount in INR (decimal string). */
export async function createDeposit(
  db: Queryable,
  userId: string,
  amount: string,
  utrNumber: string,
): Promise<DepositRow> {
  try {
    const rows = await db.query<DepositRow>(
      `INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, $2::numeric, $3) RETURNING *`,
      [userId, amount, utrNumber],
    );
    return rows[0]!;
  } catch (err) {
    const { code, constraint, message } = err as {
      code?: string;
      constraint?: string;
      message?: string;
    };
    const onUtr =
      constraint === 'deposits_utr_active_key' || message?.includes('deposits_utr_active_key');
    if (code === 'SK011') {
      throw new DomainError('kyc_required', messages.kycRequired.deposit);
    }
    if (code === '23505' && onUtr) {
      const text = messages.deposits.utrDuplicate;
      throw new DomainError('duplicate_utr', text, { utrNumber: text });
    }
    throw moneyError(err) ?? err;
  }
}

export async function approveDeposit(
  db: Queryable,
  depositId: string,
  adminId: string,
): Promise<AdminDeposit> {
  // A malformed id names no deposit: not found, like an unknown one.
  if (!isUuid(depositId)) throw notFound();
  const rows = await mapMoneyErrors(() =>
    db.query<DepositRow & WithUser>(
      `SELECT ${ADMIN_COLUMNS} FROM approve_deposit($1::uuid, $2::uuid) d JOIN users u ON u.id = d.user_id`,
      [depositId, adminId],
    ),
  );
  return toAdminDeposit(rows[0]!);
}

export async function rejectDeposit(
  db: Queryable,
  depositId: string,
  reason: string,
  adminId: string,
): Promise<AdminDeposit> {
  if (!isUuid(depositId)) throw notFound();
  const rows = await mapMoneyErrors(() =>
    db.query<DepositRow & WithUser>(
      `SELECT ${ADMIN_COLUMNS} FROM reject_deposit($1::uuid, $2, $3::uuid) d JOIN users u ON u.id = d.user_id`,
      [depositId, reason, adminId],
    ),
  );
  return toAdminDeposit(rows[0]!);
}

export interface AdminDepositFilter {
  page: number;
  status?: DepositStatus | undefined;
  /** user name, e-mail, UTR or deposit id, partial, case-insensitive */
  search?: string | undefined;
}

/** Every user's deposits, newest first, with the exact number of matches. */
export async function listAdminDeposits(
  db: Queryable,
  filter: AdminDepositFilter,
): Promise<{ items: AdminDeposit[]; total: number }> {
  const where = new Where();
  if (filter.status) where.add('d.status = ?', filter.status);
  if (filter.search) {
    where.add(
      `(u.full_name ILIKE ? OR u.email ILIKE ? OR d.utr_number ILIKE ? OR d.id::text ILIKE ?)`,
      containsPattern(filter.search),
    );
  }
  const { rows, total } = await pagedRows<DepositRow & WithUser>(
    db,
    {
      select: ADMIN_COLUMNS,
      from: `FROM deposits d JOIN users u ON u.id = d.user_id`,
      where,
      orderBy: 'd.created_at DESC, d.id DESC',
    },
    filter.page,
    ADMIN_PAGE_SIZE,
  );
  return { items: rows.map(toAdminDeposit), total };
}
