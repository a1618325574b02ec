import type { AccountNotifier } from '../notifications/account-events.ts';
import {
  ADMIN_PAGE_SIZE,
  groupInr,
  messages,
  type AdminWithdrawal,
  type createWithdrawalRequestSchema,
  type Withdrawal,
  type WithdrawalLimitsResponse,
  type WithdrawalResponse,
  type WithdrawalStatus,
} from '@sikka/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.ts';
import {
  filteredPage,
  isUniqueViolation,
  isUuid,
  rowById,
  type ListFilter,
  type ListQuery,
} from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { VaultKey } from '../kyc/vault.ts';
import { revealAccountNumber } from './account-numbers.ts';
import type { AuditActor } from '../audit/audit-log.ts';
import { runAdminDecision } from './admin-decisions.ts';
import { getBalances } from './balances.ts';
import { requestHash, runIdempotent, type StoredAnswer } from './idempotency.ts';
import type { WithUser } from './rows.ts';
import { moneyError } from './sql-errors.ts';

/** The server's withdrawal settings (config.ts), decimal rupees. */
export interface WithdrawalLimits {
  min: string;
  max: string;
  daily: string;
}

/** A withdrawals row joined with its bank account (b_*) as SQL returns it. */
interface WithdrawalRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  bank_account_id: string;
  amount: string;
  status: WithdrawalStatus;
  utr_number: string | null;
  rejection_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
  /** the account's masked number (migration 016) */
  b_account_number_masked: string;
  b_ifsc_code: string;
  b_bank_name: string;
  b_account_holder_name: string;
  b_source: 'kyc' | 'added';
}

/** `w` is a withdrawals row or a money function's result; `b` its account, `u` its user. */
const COLUMNS = `w.*, b.account_number_masked AS b_account_number_masked, b.ifsc_code AS b_ifsc_code,
  b.bank_name AS b_bank_name, b.account_holder_name AS b_account_holder_name, b.source AS b_source`;
const ADMIN_COLUMNS = `${COLUMNS}, u.full_name AS user_full_name, u.email AS user_email`;

const toWithdrawal = (r: WithdrawalRow, accountNumber: string): Withdrawal => ({
  id: r.id,
  amount: r.amount,
  status: r.status,
  bankAccount: {
    id: r.bank_account_id,
    accountNumber,
    ifscCode: r.b_ifsc_code,
    bankName: r.b_bank_name,
  },
  utrNumber: r.utr_number,
  rejectionReason: r.rejection_reason,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
});

const toOwnWithdrawal = (r: WithdrawalRow): Withdrawal =>
  toWithdrawal(r, r.b_account_number_masked);

/**
 * The admin's view, with the holder the transfer names. The number is masked in lists and in
 * decision answers (which the idempotency store keeps); in full only in getAdminWithdrawal.
 */
const toAdminWithdrawal = (
  r: WithdrawalRow & WithUser,
  accountNumber = r.b_account_number_masked,
): AdminWithdrawal => {
  const base = toWithdrawal(r, accountNumber);
  return {
    ...base,
    bankAccount: {
      ...base.bankAccount,
      accountHolderName: r.b_account_holder_name,
      source: r.b_source,
    },
    user: { id: r.user_id, fullName: r.user_full_name, email: r.user_email },
  };
};

/** '100.00' → '100', '1000000.50' → '10,00,000.50': the figures of the limit messages. */
const rupees = (value: string): string => groupInr(value).replace(/\.00$/, '');

/** The user's own most recent withdrawals, newest first. */
export async function listOwnWithdrawals(
  db: Queryable,
  userId: string,
  limit: number,
): Promise<Withdrawal[]> {
  const rows = await db.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals w JOIN bank_accounts b ON b.id = w.bank_account_id
      WHERE w.user_id = $1 ORDER BY w.created_at DESC, w.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toOwnWithdrawal);
}

/**
 * One of the user's own withdrawals, its account masked as in the list; someone else's,
 * unknown or malformed ids are not found alike.
 */
export async function getOwnWithdrawal(
  db: Queryable,
  userId: string,
  withdrawalId: string,
): Promise<Withdrawal> {
  if (!isUuid(withdrawalId)) throw notFound();
  const rows = await db.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals w JOIN bank_accounts b ON b.id = w.bank_account_id
      WHERE w.id = $1::uuid AND w.user_id = $2::uuid`,
    [withdrawalId, userId],
  );
  if (!rows[0]) throw notFound();
  return toOwnWithdrawal(rows[0]);
}

/** The settings and what the user's pending + paid requests used of this India day. */
export async function withdrawalLimits(
  db: Queryable,
  userId: string,
  limits: WithdrawalLimits,
): Promise<WithdrawalLimitsResponse> {
  // The same day window as request_withdrawal (migration 014), computed by the database.
  const rows = await db.query<{ used: string; remaining: string }>(
    `WITH day AS (SELECT (clock_timestamp() AT TIME ZONE 'Asia/Kolkata')::date AS d),
          used AS (
            SELECT coalesce(sum(w.amount), 0) AS s FROM withdrawals w, day
             WHERE w.user_id = $1 AND w.status IN ('pending', 'paid')
               AND w.created_at >= (day.d::timestamp AT TIME ZONE 'Asia/Kolkata')
               AND w.created_at < ((day.d + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'))
     SELECT to_char(s, 'FM9999999999999999990.00') AS used,
            to_char(greatest($2::numeric - s, 0), 'FM9999999999999999990.00') AS remaining
       FROM used`,
    [userId, limits.daily],
  );
  const two = (v: string) => groupInr(v).replaceAll(',', '');
  return {
    minAmount: two(limits.min),
    maxAmount: two(limits.max),
    dailyLimit: two(limits.daily),
    usedToday: rows[0]!.used,
    remainingToday: rows[0]!.remaining,
  };
}

export type WithdrawalRequest = z.output<typeof createWithdrawalRequestSchema>;

/** What the money functions' SQLSTATEs of migration 014 mean for a request. */
function requestError(err: unknown, limits: WithdrawalLimits): unknown {
  const { code, message } = err as { code?: unknown; message?: unknown };
  const limit = (text: string) => new DomainError('withdrawal_limit', text, { amount: text });
  switch (code) {
    case 'SK011':
      return new DomainError('kyc_required', messages.kycRequired.withdraw);
    case 'SK004': {
      // The account is missing or someone else's: said the same way, about the field.
      const text = messages.http.notFound;
      return new DomainError('not_found', text, { bankAccountId: text });
    }
    case 'SK017': {
      const text = messages.withdrawals.bankAccountUnverified;
      return new DomainError('bank_account_unverified', text, { bankAccountId: text });
    }
    case 'SK014':
      return limit(messages.withdrawals.amountMin(rupees(limits.min)));
    case 'SK015':
      return limit(messages.withdrawals.amountMax(rupees(limits.max)));
    case 'SK016': {
      // The function computed what is left today under its lock; keep its figure.
      const left = /Left today: ([0-9.]+)/.exec(typeof message === 'string' ? message : '')?.[1];
      return limit(messages.withdrawals.dailyLimit(rupees(limits.daily), groupInr(left ?? '0')));
    }
    default:
      return moneyError(err) ?? err;
  }
}

/**
 * A withdrawal request at most once per (user, Idempotency-Key): request_withdrawal moves the
 * amount from available to held INR in the same transaction as the key; a replay answers
 * with the first answer. A malformed account id is not found, like someone else's.
 */
export function requestWithdrawal(
  db: Db,
  userId: string,
  key: string | undefined,
  request: WithdrawalRequest,
  limits: WithdrawalLimits,
): Promise<StoredAnswer<WithdrawalResponse>> {
  return runIdempotent(db, userId, key, requestHash('create-withdrawal', request), async (tx) => {
    // A malformed id names no account: it goes to SQL as the nil uuid, so the refusals keep
    // their order (KYC first, then the account) whatever the id looks like.
    const bankAccountId = isUuid(request.bankAccountId)
      ? request.bankAccountId
      : '00000000-0000-0000-0000-000000000000';
    let rows: WithdrawalRow[];
    try {
      rows = await tx.query<WithdrawalRow>(
        `SELECT ${COLUMNS}
             FROM request_withdrawal($1::uuid, $2::uuid, $3::numeric, $4::numeric, $5::numeric, $6::numeric) w
             JOIN bank_accounts b ON b.id = w.bank_account_id`,
        [userId, bankAccountId, request.amount, limits.min, limits.max, limits.daily],
      );
    } catch (err) {
      throw requestError(err, limits);
    }
    const body = { withdrawal: toOwnWithdrawal(rows[0]!), balances: await getBalances(tx, userId) };
    return { status: 201, body };
  });
}

/** The owner cancels a pending request; the held amount becomes available again. */
export function cancelWithdrawal(
  db: Db,
  userId: string,
  withdrawalId: string,
  key: string | undefined,
): Promise<StoredAnswer<WithdrawalResponse>> {
  return runIdempotent(
    db,
    userId,
    key,
    requestHash('cancel-withdrawal', { withdrawalId }),
    async (tx) => {
      if (!isUuid(withdrawalId)) throw notFound();
      let rows: WithdrawalRow[];
      try {
        rows = await tx.query<WithdrawalRow>(
          `SELECT ${COLUMNS} FROM cancel_withdrawal($1::uuid, $2::uuid) w
             JOIN bank_accounts b ON b.id = w.bank_account_id`,
          [withdrawalId, userId],
        );
      } catch (err) {
        throw moneyError(err) ?? err;
      }
      const body = {
        withdrawal: toOwnWithdrawal(rows[0]!),
        balances: await getBalances(tx, userId),
      };
      return { status: 200, body };
    },
  );
}

export type WithdrawalDecision =
  { kind: 'approve'; utrNumber: string } | { kind: 'reject'; reason: string };

/**
 * The admin pays out (approve, with the bank's UTR) or rejects a pending request, once: both
 * lock the user row then the withdrawal and re-check it is pending, so of parallel decisions
 * exactly one acts and the rest get invalid_state. With an Idempotency-Key (the admin's),
 * a retried decision replays its first answer. The audit trigger names the admin.
 */
export function decideWithdrawal(
  db: Db,
  admin: AuditActor,
  withdrawalId: string,
  key: string | undefined,
  decision: WithdrawalDecision,
  notify?: AccountNotifier,
): Promise<StoredAnswer<{ withdrawal: AdminWithdrawal }>> {
  const hash = requestHash(`${decision.kind}-withdrawal`, { withdrawalId, decision });
  return runAdminDecision(db, { admin, recordId: withdrawalId, key, hash }, async (tx) => {
    const call =
      decision.kind === 'approve'
        ? {
            sql: 'approve_withdrawal($1::uuid, $2, $3::uuid)',
            params: [withdrawalId, decision.utrNumber, admin.id],
          }
        : {
            sql: 'reject_withdrawal($1::uuid, $2, $3::uuid)',
            params: [withdrawalId, decision.reason, admin.id],
          };
    let rows: Array<WithdrawalRow & WithUser>;
    try {
      rows = await tx.query<WithdrawalRow & WithUser>(
        `SELECT ${ADMIN_COLUMNS} FROM ${call.sql} w
           JOIN bank_accounts b ON b.id = w.bank_account_id JOIN users u ON u.id = w.user_id`,
        call.params,
      );
    } catch (err) {
      if (isUniqueViolation(err, 'withdrawals_utr_key')) {
        const text = messages.withdrawals.payoutUtrDuplicate;
        throw new DomainError('duplicate_utr', text, { utrNumber: text });
      }
      throw moneyError(err) ?? err;
    }
    const withdrawal = toAdminWithdrawal(rows[0]!);
    await notify?.(
      tx,
      withdrawal.user.id,
      decision.kind === 'approve'
        ? {
            kind: 'withdrawal_paid',
            id: withdrawal.id,
            amount: withdrawal.amount,
            utrNumber: decision.utrNumber,
          }
        : {
            kind: 'withdrawal_rejected',
            id: withdrawal.id,
            amount: withdrawal.amount,
            reason: decision.reason,
          },
    );
    return { withdrawal };
  });
}

/** The search matches user name, e-mail, payout UTR or withdrawal id, partial, case-insensitive. */
export type AdminWithdrawalFilter = ListFilter<WithdrawalStatus>;

const ADMIN_LIST: ListQuery<WithdrawalRow & WithUser, AdminWithdrawal> = {
  select: ADMIN_COLUMNS,
  from: `FROM withdrawals w JOIN bank_accounts b ON b.id = w.bank_account_id
JOIN users u ON u.id = w.user_id`,
  orderBy: 'w.created_at DESC, w.id DESC',
  statusColumn: 'w.status',
  searchColumns: ['u.full_name', 'u.email', 'w.utr_number', 'w.id::text'],
  toItem: toAdminWithdrawal,
};

/** Every user's withdrawals, newest first, with the exact number of matches. */
export function listAdminWithdrawals(
  db: Queryable,
  filter: AdminWithdrawalFilter,
): Promise<{ items: AdminWithdrawal[]; total: number }> {
  return filteredPage(db, ADMIN_LIST, filter, ADMIN_PAGE_SIZE);
}

/**
 * The admin's view of one withdrawal: the payout needs its account's full number, opened
 * from the vault for an added account (the view audited, naming the withdrawal). A KYC
 * account keeps its masked form: its full number is on the KYC bank statement.
 */
export async function getAdminWithdrawal(
  db: Queryable,
  vault: VaultKey,
  adminId: string,
  withdrawalId: string,
): Promise<AdminWithdrawal> {
  const row = await rowById<WithdrawalRow & WithUser>(
    db,
    `SELECT ${ADMIN_COLUMNS} FROM withdrawals w JOIN bank_accounts b ON b.id = w.bank_account_id
       JOIN users u ON u.id = w.user_id WHERE w.id = $1`,
    withdrawalId,
  );
  if (!row) throw notFound();
  const view = { accountId: row.bank_account_id, adminId, withdrawalId };
  return toAdminWithdrawal(row, await revealAccountNumber(db, vault, view));
}
