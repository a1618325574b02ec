import { ADMIN_PAGE_SIZE, type AdminUser, type KycStatus } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { filteredPage, type ListFilter, type ListQuery } from '../db/query-helpers.ts';
import { toUser, type UserRow } from './user-row.ts';

/** The account with this e-mail (already lower-cased by the caller), if any. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export async function emailExists(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
  return rows.length > 0;
}

export interface NewUser {
  email: string;
  emailSkeleton: string;
  fullName: string;
  phone: string;
  passwordHash: string;
}

/**
 * A new account (KYC pending, no money), or undefined when its e-mail or its skeleton is
 * taken: the unique indexes on both decide a race between two sign-ups.
 */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, email_skeleton, full_name, phone, password_hash, kyc_status, balance)
     VALUES ($1, $2, $3, $4, $5, 'pending', 0)
     ON CONFLICT DO NOTHING RETURNING *`,
    [user.email, user.emailSkeleton, user.fullName, user.phone, user.passwordHash],
  );
  return rows[0];
}

/** Changes only what is given; the rest stays. */
export async function updateProfile(
  db: Queryable,
  userId: string,
  changes: { fullName?: string | undefined; phone?: string | undefined },
): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET full_name = coalesce($2, full_name), phone = coalesce($3, phone), updated_at = now()
      WHERE id = $1 RETURNING *`,
    [userId, changes.fullName ?? null, changes.phone ?? null],
  );
  return rows[0]!;
}

/** The search matches the name or e-mail, partial, case-insensitive; the status is the KYC's. */
export type AdminUserFilter = ListFilter<KycStatus>;

const ADMIN_LIST: ListQuery<UserRow, AdminUser> = {
  select: '*',
  from: 'FROM users',
  orderBy: 'created_at DESC, id DESC',
  statusColumn: 'kyc_status',
  searchColumns: ['full_name', 'email'],
  toItem: (row) => toAdminUser(row),
};

/** A user as the admin sees it: the client view, the INR balance, the PAN typed, a freeze. */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    ...toUser(row),
    balance: row.balance,
    panNumber: row.pan_number,
    frozenAt: row.frozen_at ? row.frozen_at.toISOString() : null,
  };
}

/** Every user, newest first, with the INR balance and the exact number of matches. */
export function listUsers(
  db: Queryable,
  filter: AdminUserFilter,
): Promise<{ items: AdminUser[]; total: number }> {
  return filteredPage(db, ADMIN_LIST, filter, ADMIN_PAGE_SIZE);
}
