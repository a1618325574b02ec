import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { logInAdmin } from '../../test/support/app.ts';
import { validPan } from '../../test/support/kyc-fixtures.ts';
import { VIEWPORTS, type Account, type E2e, type Viewport } from './e2e-app.ts';

/**
 * Money fixtures for browser tests, made the way production makes them: deposits approved by
 * approve_deposit, trades by execute_usdt_buy / execute_usdt_sell. No balance is written by
 * hand, so ledger and balances stay consistent.
 */

let utrCounter = 0;
/** A UTR no other test uses (a UTR can back only one live deposit). */
export function uniqueUtr(): string {
  utrCounter += 1;
  return `E2E${Date.now().toString(36).toUpperCase()}${utrCounter}${Math.floor(Math.random() * 1e4)}`.slice(
    0,
    22,
  );
}

export async function userIdOf(app: FastifyInstance, email: string): Promise<string> {
  const rows = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    email.toLowerCase(),
  ]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

/** Credits INR as a real deposit request approved by the SQL function. */
export async function creditInr(
  app: FastifyInstance,
  userId: string,
  amount: string,
): Promise<void> {
  const rows = await app.db.query<{ id: string }>(
    'INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, $2::numeric, $3) RETURNING id',
    [userId, amount, uniqueUtr()],
  );
  await app.db.query('SELECT approve_deposit($1)', [rows[0]!.id]);
}

/** A completed quick trade through the SQL functions; returns its id. */
export async function executeTrade(
  app: FastifyInstance,
  userId: string,
  type: 'buy' | 'sell',
  usdtAmount: string,
  price: string,
): Promise<string> {
  const fn = type === 'buy' ? 'execute_usdt_buy' : 'execute_usdt_sell';
  const rows = await app.db.query<{ id: string }>(
    `SELECT (${fn}($1, $2::numeric, $3::numeric)).id AS id`,
    [userId, usdtAmount, price],
  );
  return rows[0]!.id;
}

/** Approves a deposit through the admin API, as the admin would. */
export async function approveAsAdmin(app: FastifyInstance, depositId: string): Promise<void> {
  const cookie = await logInAdmin(app);
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/deposits/${depositId}/approve`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
}

/** The user's balances as the server has them. */
export async function balancesOf(
  app: FastifyInstance,
  userId: string,
): Promise<{ inr: string; usdt: string }> {
  const rows = await app.db.query<{ inr: string; usdt: string }>(
    `SELECT u.balance::text AS inr, w.balance::text AS usdt
       FROM users u JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0]!;
}

/**
 * The KYC details of a user who went through the individual flow (the columns POST /api/kyc
 * writes, masked as it masks them), so a user set verified or submitted here reads like one
 * the flow made: the dashboard's status card and the admin list show type, document and bank.
 * No document files: the flow itself, uploads included, is e2e/kyc.test.ts's.
 */
const KYC_DETAILS = `kyc_type = 'individual', kyc_document_type = 'aadhaar',
  kyc_document_number = 'XXXX XXXX 2346', pan_number = $2,
  bank_name = 'State Bank of India', bank_ifsc_code = 'SBIN0001234',
  bank_account_number = 'XXXXXXXX9012', kyc_rejected_reason = NULL, updated_at = now()`;

/**
 * Marks the user's KYC verified, as the admin's approval would, and the e-mail verified, as its
 * link does: money moves only for verified users (DESIGN.md §8), so every test that deposits,
 * trades or withdraws starts here.
 */
export async function verifyKyc(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    // The audit log names the admin as the one who verified (migrations/007_audit.sql).
    await tx.query(
      `SELECT set_config('sikka.actor_id',
         coalesce((SELECT id::text FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1), ''),
         true)`,
    );
    await tx.query(
      `UPDATE users SET kyc_status = 'verified', ${KYC_DETAILS},
              kyc_submitted_at = coalesce(kyc_submitted_at, now() - interval '1 hour'),
              kyc_verified_at = now(), email_verified_at = coalesce(email_verified_at, now())
        WHERE id = $1`,
      [userId, validPan()],
    );
  });
}

/** Marks the user's KYC submitted and waiting for the admin, as a finished flow leaves it. */
export async function submitKyc(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.query(
    `UPDATE users SET kyc_status = 'submitted', ${KYC_DETAILS},
            kyc_submitted_at = now(), kyc_verified_at = NULL
      WHERE id = $1`,
    [userId, validPan()],
  );
}

/** A signed-in new user whose KYC is verified: the only kind who may deposit (DESIGN.md §8). */
export async function verifiedUserPage(
  e2e: E2e,
  viewport: Viewport = VIEWPORTS.desktop,
): Promise<{ page: Page; account: Account }> {
  const { page, account } = await e2e.userPage(viewport);
  await verifyKyc(e2e.app, await userIdOf(e2e.app, account.email));
  return { page, account };
}
