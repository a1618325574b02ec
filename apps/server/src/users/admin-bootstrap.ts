import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { hashPassword } from '../auth/passwords.ts';

/**
 * The user with ADMIN_EMAIL is the one admin (role column, enforced on the server). On first
 * start with no such user, create it with ADMIN_PASSWORD, or a generated password printed once.
 */
export async function ensureAdmin(
  db: Db,
  adminEmail: string,
  adminPassword: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  const email = adminEmail.trim().toLowerCase();
  await db.query(
    `UPDATE users SET role = CASE WHEN email = $1 THEN 'admin' ELSE 'user' END, updated_at = now()
      WHERE (email = $1) <> (role = 'admin')`,
    [email],
  );
  const existing = await db.query('SELECT id FROM users WHERE email = $1', [email]);
  if (existing.length > 0) return;
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  const created = await db.query(
    `INSERT INTO users (email, full_name, role, password_hash, kyc_status, email_verified_at)
     VALUES ($1, 'Sikka Admin', 'admin', $2, 'verified', now())
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, hash],
  );
  if (created.length > 0 && !adminPassword) {
    // Printed once, on the start that created the account; it is never stored in clear.
    log.warn(`Created admin ${email} with generated password: ${password}`);
    process.stdout.write(`\n  Admin account: ${email}\n  Password (shown once): ${password}\n\n`);
  }
}
