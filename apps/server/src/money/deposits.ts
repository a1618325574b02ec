import type { AccountNotifier } from '../notifications/account-events.ts';
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
import {
  filteredPage,
  isUniqueViolation,
  isUuid,
  type ListFilter,
  type ListQuery,
} from '../db/query-helpers.ts';
import type { AuditActor } from '../audit/audit-log.ts';
import { runAdminDecision } from './admin-decisions.ts';
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

/** One of the user's own deposits; someone else's, unknown or malformed ids are not found alike. */
export async function getOwnDeposit(
  db: Queryable,
  userId: string,
  depositId: string,
): Promise<Deposit> {
  if (!isUuid(depositId)) throw notFound();
  const rows = await db.query<DepositRow>(
    `SELECT * FROM deposits WHERE id = $1::uuid AND user_id = $2::uuid`,
    [depositId, userId],
  );
  if (!rows[0]) throw notFound();
  return toDeposit(rows[0]);
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
    if ((err as { code?: unknown }).code === 'SK011') {
      throw new DomainError('kyc_required', messages.kycRequired.deposit);
    }
    if (isUniqueViolation(err, 'deposits_utr_active_key')) {
      const text = messages.deposits.utrDuplicate;
      throw new DomainError('duplicate_utr', text, { utrNumber: text });
    }
    throw moneyError(err) ?? err;
  }
}

/** approve_deposit or reject_deposit ($1 the deposit), answered with the admin's view. */
async function decideDeposit(
  db: Queryable,
  depositId: string,
  call: string,
  params: unknown[],
): Promise<AdminDeposit> {
  // A malformed id names no deposit: not found, like an unknown one.
  if (!isUuid(depositId)) throw notFound();
  const rows = await mapMoneyErrors(() =>
    db.query<DepositRow & WithUser>(
      `SELECT ${ADMIN_COLUMNS} FROM ${call} d JOIN users u ON u.id = d.user_id`,
      [depositId, ...params],
    ),
  );
  return toAdminDeposit(rows[0]!);
}

export function approveDeposit(
  db: Queryable,
  depositId: string,
  adminId: string,
): Promise<AdminDeposit> {
  return decideDeposit(db, depositId, 'approve_deposit($1::uuid, $2::uuid)', [adminId]);
}

export function rejectDeposit(
  db: Queryable,
  depositId: string,
  reason: string,
  adminId: string,
): Promise<AdminDeposit> {
  return decideDeposit(db, depositId, 'reject_deposit($1::uuid, $2, $3::uuid)', [reason, adminId]);
}

export type DepositDecision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * The admin's decision on a deposit as the route makes it: at most once per Idempotency-Key
 * (a retried click replays the first answer, ADR 012's rule for every admin decision).
 */
export function decideDepositOnce(
  db: Db,
  admin: AuditActor,
  depositId: string,
  key: string | undefined,
  decision: DepositDecision,
  notify?: AccountNotifier,
): Promise<StoredAnswer<{ deposit: AdminDeposit }>> {
  const hash = requestHash(`${decision.kind}-deposit`, { depositId, decision });
  return runAdminDecision(db, { admin, recordId: depositId, key, hash }, async (tx) => {
    const deposit =
      decision.kind === 'approve'
        ? await approveDeposit(tx, depositId, admin.id)
        : await rejectDeposit(tx, depositId, decision.reason, admin.id);
    // The user hears of it in the same transaction: a replayed decision tells nothing twice.
    await notify?.(
      tx,
      deposit.user.id,
      decision.kind === 'approve'
        ? { kind: 'deposit_credited', id: deposit.id, amount: deposit.amount }
        : {
            kind: 'deposit_rejected',
            id: deposit.id,
            amount: deposit.amount,
            reason: decision.reason,
          },
    );
    return { deposit };
  });
}

/** The search matches user name, e-mail, UTR or deposit id, partial, case-insensitive. */
export type AdminDepositFilter = ListFilter<DepositStatus>;

const ADMIN_LIST: ListQuery<DepositRow & WithUser, AdminDeposit> = {
  select: ADMIN_COLUMNS,
  from: `FROM deposits d JOIN users u ON u.id = d.user_id`,
  orderBy: 'd.created_at DESC, d.id DESC',
  statusColumn: 'd.status',
  searchColumns: ['u.full_name', 'u.email', 'd.utr_number', 'd.id::text'],
  toItem: toAdminDeposit,
};

/** Every user's deposits, newest first, with the exact number of matches. */
export function listAdminDeposits(
  db: Queryable,
  filter: AdminDepositFilter,
): Promise<{ items: AdminDeposit[]; total: number }> {
  return filteredPage(db, ADMIN_LIST, filter, ADMIN_PAGE_SIZE);
}
