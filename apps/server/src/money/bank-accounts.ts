import { randomUUID } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  messages,
  type AdminBankAccount,
  type BankAccount,
  type BankAccountStatus,
  type createBankAccountRequestSchema,
} from '@sikka/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.ts';
import {
  filteredPage,
  isUniqueViolation,
  rowById,
  type ListFilter,
  type ListQuery,
} from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { VaultKey } from '../kyc/vault.ts';
import {
  accountNumberHmac,
  maskAccountNumber,
  revealAccountNumber,
  storeAccountNumber,
} from './account-numbers.ts';
import type { AuditActor } from '../audit/audit-log.ts';
import { runAdminDecision } from './admin-decisions.ts';
import { requestHash, type StoredAnswer } from './idempotency.ts';
import type { WithUser } from './rows.ts';
import { mapMoneyErrors } from './sql-errors.ts';

/** A bank_accounts row (migrations 014, 016) as SQL returns it. */
export interface BankAccountRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  source: 'kyc' | 'added';
  /** 'XXXXXXXXXX6789'; the full digits of an added account are sealed (account-numbers.ts) */
  account_number_masked: string;
  ifsc_code: string;
  bank_name: string;
  account_holder_name: string;
  status: BankAccountStatus;
  rejection_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

/** What a bank_accounts row may give out: never the keyed hash nor a legacy plain number. */
const COLUMNS = `b.id, b.user_id, b.source, b.account_number_masked, b.ifsc_code, b.bank_name,
  b.account_holder_name, b.status, b.rejection_reason, b.created_at, b.decided_at`;
const ADMIN_COLUMNS = `${COLUMNS}, u.full_name AS user_full_name, u.email AS user_email`;

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
  toBankAccount(r, r.account_number_masked);

/**
 * The admin's view: masked in lists and in decision answers (which the idempotency store
 * keeps); `accountNumber` is the full number only in getAdminBankAccount.
 */
const toAdminBankAccount = (
  r: BankAccountRow & WithUser,
  accountNumber = r.account_number_masked,
): AdminBankAccount => ({
  ...toBankAccount(r, accountNumber),
  user: { id: r.user_id, fullName: r.user_full_name, email: r.user_email },
});

/** The user's own accounts: the KYC one first, then the added ones, newest first. */
export async function listOwnBankAccounts(db: Queryable, userId: string): Promise<BankAccount[]> {
  const rows = await db.query<BankAccountRow>(
    `SELECT ${COLUMNS} FROM bank_accounts b WHERE b.user_id = $1
      ORDER BY (b.source = 'kyc') DESC, b.created_at DESC, b.id DESC`,
    [userId],
  );
  return rows.map(toOwnBankAccount);
}

export type BankAccountRequest = z.output<typeof createBankAccountRequestSchema>;

/**
 * Adds an account the user may later withdraw to, pending until the admin verifies it. Only
 * verified users may add one: the admin checks it against the KYC identity. The number is
 * sealed in the same transaction; the row keeps its masked form and keyed hash.
 */
export async function addBankAccount(
  db: Db,
  vault: VaultKey,
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
    // The id is chosen here: the sealed number is bound to it.
    const id = randomUUID();
    const digits = request.accountNumber;
    let rows: BankAccountRow[];
    try {
      rows = await tx.query<BankAccountRow>(
        `INSERT INTO bank_accounts AS b (id, user_id, source, account_number_masked, account_number_hmac,
                                         ifsc_code, bank_name, account_holder_name)
         VALUES ($1, $2, 'added', $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [
          id,
          userId,
          maskAccountNumber(digits),
          accountNumberHmac(vault, digits),
          request.ifscCode,
          request.bankName,
          request.accountHolderName,
        ],
      );
    } catch (err) {
      if (isUniqueViolation(err, 'bank_accounts_active_key')) {
        const text = messages.bankAccounts.duplicate;
        throw new DomainError('duplicate_bank_account', text, { accountNumber: text });
      }
      throw err;
    }
    await storeAccountNumber(tx, vault, id, digits);
    return toOwnBankAccount(rows[0]!);
  });
}

/** The search matches user name, e-mail, IFSC, bank name or account id, partial, case-insensitive. */
export type AdminBankAccountFilter = ListFilter<BankAccountStatus>;

const ADMIN_LIST: ListQuery<BankAccountRow & WithUser, AdminBankAccount> = {
  select: ADMIN_COLUMNS,
  from: `FROM bank_accounts b JOIN users u ON u.id = b.user_id`,
  orderBy: 'b.created_at DESC, b.id DESC',
  statusColumn: 'b.status',
  searchColumns: [
    'u.full_name',
    'u.email',
    'b.ifsc_code',
    'b.bank_name',
    'b.account_holder_name',
    'b.id::text',
  ],
  toItem: toAdminBankAccount,
};

/** Every user's bank accounts, newest first, numbers masked, with the exact number of matches. */
export function listAdminBankAccounts(
  db: Queryable,
  filter: AdminBankAccountFilter,
): Promise<{ items: AdminBankAccount[]; total: number }> {
  return filteredPage(db, ADMIN_LIST, filter, ADMIN_PAGE_SIZE);
}

/**
 * The admin's view of one account: an added one with its full number, opened from the vault
 * (the admin checks it before verifying, and a payout transfer needs it), the view audited.
 */
export async function getAdminBankAccount(
  db: Queryable,
  vault: VaultKey,
  adminId: string,
  accountId: string,
): Promise<AdminBankAccount> {
  const row = await rowById<BankAccountRow & WithUser>(
    db,
    `SELECT ${ADMIN_COLUMNS} FROM bank_accounts b JOIN users u ON u.id = b.user_id WHERE b.id = $1`,
    accountId,
  );
  if (!row) throw notFound();
  return toAdminBankAccount(row, await revealAccountNumber(db, vault, { accountId, adminId }));
}

export type BankAccountDecision = { kind: 'verify' } | { kind: 'reject'; reason: string };

/**
 * The admin verifies or rejects a pending added account, once (decide_bank_account locks the
 * user row then the account and re-checks it is pending; audited by its trigger). With an
 * Idempotency-Key a retried decision answers with its first answer; another key on a decided
 * account gets invalid_state, as a decision without a key does.
 */
export function decideBankAccount(
  db: Db,
  admin: AuditActor,
  accountId: string,
  key: string | undefined,
  decision: BankAccountDecision,
): Promise<StoredAnswer<{ bankAccount: AdminBankAccount }>> {
  const hash = requestHash(`${decision.kind}-bank-account`, { accountId, decision });
  return runAdminDecision(db, { admin, recordId: accountId, key, hash }, async (tx) => {
    const rows = await mapMoneyErrors(() =>
      tx.query<BankAccountRow & WithUser>(
        `SELECT ${ADMIN_COLUMNS}
           FROM decide_bank_account($1::uuid, $2, $3, $4::uuid) b JOIN users u ON u.id = b.user_id`,
        [
          accountId,
          decision.kind === 'verify',
          decision.kind === 'reject' ? decision.reason : null,
          admin.id,
        ],
      ),
    );
    return { bankAccount: toAdminBankAccount(rows[0]!) };
  });
}
