import {
  ADMIN_PAGE_SIZE,
  messages,
  type AdminBankAccount,
  type BankAccount,
  type BankAccountStatus,
  type createBankAccountRequestSchema,
} from '@sikka/contracts';
import type { z } from 'zod';
import { setAuditActor } from '../audit/audit-log.ts';
import type { Db, Queryable } from '../db/index.ts';
import { containsPattern, isUuid, pagedRows, Where } from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { WithUser } from './rows.ts';
import { mapMoneyErrors } from './sql-errors.ts';

/** A bank_accounts row (migration 014) as SQL returns it. */
export interface BankAccountRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  source: 'kyc' | 'added';
  /** full digits for an added account; the KYC's masked form for the KYC one */
  account_number: string;
  ifsc_code: string;
  bank_name: string;
  account_holder_name: string;
  status: BankAccountStatus;
  rejection_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

/** Keeps the last 4 digits; the length stays, as bank apps show it ('XXXXXXXX1234'). */
export const maskAccountNumber = (n: string): string =>
  'X'.repeat(Math.max(0, n.length - 4)) + n.slice(-4);

const toBankAccount = (r: BankAccountRow, accountNumber: string): BankAccount => ({
  id: r.id,
  source: r.source,
  accountNumber,
  ifscCode: r.ifsc_code,
  bankName: r.bank_name,
  accountHolderName: r.account_holder_name,
  status: r.status,
  rejectionReason: r.rejection_reason,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
});

/** The owner's view: the number masked. */
export const toOwnBankAccount = (r: BankAccountRow): BankAccount =>
  toBankAccount(r, maskAccountNumber(r.account_number));

/** The admin's view: the number as stored, since the payout transfer needs it. */
const toAdminBankAccount = (r: BankAccountRow & WithUser): AdminBankAccount => ({
  ...toBankAccount(r, r.account_number),
  user: { id: r.user_id, fullName: r.user_full_name, email: r.user_email },
});

/** The user's own accounts: the KYC one first, then the added ones, newest first. */
export async function listOwnBankAccounts(db: Queryable, userId: string): Promise<BankAccount[]> {
  const rows = await db.query<BankAccountRow>(
    `SELECT * FROM bank_accounts WHERE user_id = $1
      ORDER BY (source = 'kyc') DESC, created_at DESC, id DESC`,
    [userId],
  );
  return rows.map(toOwnBankAccount);
}

export type BankAccountRequest = z.output<typeof createBankAccountRequestSchema>;

/**
 * Adds an account the user may later withdraw to, pending until the admin verifies it. Only
 * verified users may add one: the admin checks it against the KYC identity.
 */
export async function addBankAccount(
  db: Db,
  userId: string,
  request: BankAccountRequest,
): Promise<BankAccount> {
  return db.transaction(async (tx) => {
    // Under the user-row lock every money path takes, like the deposit trigger's KYC check.
    const users = await tx.query<{ kyc_status: string }>(
      'SELECT kyc_status FROM users WHERE id = $1 FOR NO KEY UPDATE',
      [userId],
    );
    if (users[0]?.kyc_status !== 'verified') {
      throw new DomainError('kyc_required', messages.kycRequired.withdraw);
    }
    try {
      const rows = await tx.query<BankAccountRow>(
        `INSERT INTO bank_accounts (user_id, source, account_number, ifsc_code, bank_name, account_holder_name)
         VALUES ($1, 'added', $2, $3, $4, $5) RETURNING *`,
        [
          userId,
          request.accountNumber,
          request.ifscCode,
          request.bankName,
          request.accountHolderName,
        ],
      );
      return toOwnBankAccount(rows[0]!);
    } catch (err) {
      const { code, constraint, message } = err as {
        code?: string;
        constraint?: string;
        message?: string;
      };
      // PGlite reports the index in the message only.
      const onActive =
        constraint === 'bank_accounts_active_key' || message?.includes('bank_accounts_active_key');
      if (code === '23505' && onActive) {
        const text = messages.bankAccounts.duplicate;
        throw new DomainError('duplicate_bank_account', text, { accountNumber: text });
      }
      throw err;
    }
  });
}

const ADMIN_COLUMNS = `b.*, u.full_name AS user_full_name, u.email AS user_email`;

export interface AdminBankAccountFilter {
  page: number;
  status?: BankAccountStatus | undefined;
  /** user name, e-mail, IFSC, bank name or account id, partial, case-insensitive */
  search?: string | undefined;
}

/** Every user's bank accounts, newest first, with the exact number of matches. */
export async function listAdminBankAccounts(
  db: Queryable,
  filter: AdminBankAccountFilter,
): Promise<{ items: AdminBankAccount[]; total: number }> {
  const where = new Where();
  if (filter.status) where.add('b.status = ?', filter.status);
  if (filter.search) {
    where.add(
      `(u.full_name ILIKE ? OR u.email ILIKE ? OR b.ifsc_code ILIKE ? OR b.bank_name ILIKE ?
        OR b.account_holder_name ILIKE ? OR b.id::text ILIKE ?)`,
      containsPattern(filter.search),
    );
  }
  const { rows, total } = await pagedRows<BankAccountRow & WithUser>(
    db,
    {
      select: ADMIN_COLUMNS,
      from: `FROM bank_accounts b JOIN users u ON u.id = b.user_id`,
      where,
      orderBy: 'b.created_at DESC, b.id DESC',
    },
    filter.page,
    ADMIN_PAGE_SIZE,
  );
  return { items: rows.map(toAdminBankAccount), total };
}

/** The admin verifies or rejects a pending added account (decide_bank_account, audited). */
export async function decideBankAccount(
  db: Db,
  input: { accountId: string; verify: boolean; reason?: string | undefined; adminId: string },
): Promise<AdminBankAccount> {
  // A malformed id names no account: not found, like an unknown one.
  if (!isUuid(input.accountId)) throw notFound();
  return db.transaction(async (tx) => {
    await setAuditActor(tx, input.adminId);
    const rows = await mapMoneyErrors(() =>
      tx.query<BankAccountRow & WithUser>(
        `SELECT ${ADMIN_COLUMNS}
           FROM decide_bank_account($1::uuid, $2, $3, $4::uuid) b JOIN users u ON u.id = b.user_id`,
        [input.accountId, input.verify, input.reason ?? null, input.adminId],
      ),
    );
    return toAdminBankAccount(rows[0]!);
  });
}
