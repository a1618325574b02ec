import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  BACKUP_CODE_COUNT,
  messages,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_WINDOW_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@sikka/contracts';
import type { Db, Queryable } from '../db/index.ts';
import { DomainError, RetryLaterError } from '../domain-error.ts';
import { open, seal, type VaultKey } from '../kyc/vault.ts';

/**
 * Second factors (issue 16, ADR 017): TOTP (RFC 6238, the `otpauth` package) and one-time
 * backup codes. The TOTP secret is sealed with the vault key, bound to the user; a code is
 * accepted once (its time step is recorded and only later steps pass), one step either side of
 * now is allowed for clock drift; wrong codes are counted per user and, past a limit, refused
 * for a while whatever the route.
 */

const ISSUER = 'Sikka';
/** Backup code alphabet: no 0/o, 1/l/i, so codes read back without doubt. */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totp = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

const aad = (userId: string) => `totp:${userId}`;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

type SealedRow = { ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array };

export function sealTotpSecret(vault: VaultKey, userId: string, secret: string) {
  return seal(vault, aad(userId), secret);
}

export function openTotpSecret(vault: VaultKey, userId: string, sealed: SealedRow): string {
  return open(vault, aad(userId), sealed);
}

/**
 * The time step `code` belongs to (now, or one step either side), or null when it is not a
 * current code of `secret`.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const t = totp(secretBase32, 'x');
  const delta = t.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return t.counter({ timestamp: now.getTime() }) + delta;
}

/** "ab3cd-ef4gh": 10 characters of a 31-letter alphabet (about 49 bits), grouped for reading. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i += 1) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Spaces, dashes and case forgiven: what the user typed, as it was stored. */
export const normaliseBackupCode = (code: string): string =>
  code.toLowerCase().replace(/[\s-]/g, '');

export const backupCodeHash = (userId: string, code: string): string =>
  createHash('sha256')
    .update(`${userId}:${normaliseBackupCode(code)}`)
    .digest('hex');

/** Replaces the user's backup codes with a new set (in the caller's transaction); returns them. */
export async function replaceBackupCodes(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = newBackupCodes();
  await db.query('DELETE FROM backup_codes WHERE user_id = $1', [userId]);
  await db.query(
    `INSERT INTO backup_codes (user_id, code_hash, created_at)
     SELECT $1, h, $3 FROM unnest($2::text[]) AS h`,
    [userId, codes.map((c) => backupCodeHash(userId, c)), now],
  );
  return codes;
}

type TotpColumns = {
  totp_secret: Uint8Array | null;
  totp_secret_iv: Uint8Array | null;
  totp_secret_tag: Uint8Array | null;
};

/**
 * Takes one of the user's wrong-code allowances before a code is looked at, and throws
 * `two_factor_throttled` when none is left; returns the claim's id. The claim is a failure row
 * from the start, so the limit holds however many codes arrive at once: claims of one user
 * queue on the user's row lock, and each counts, after it is granted, the rows the claims
 * before it committed (READ COMMITTED reads with a new snapshot per statement). At most
 * SECOND_FACTOR_MAX_FAILURES codes are therefore checked in a window, on PostgreSQL and PGlite.
 */
async function claimAttempt(db: Db, userId: string, now: Date): Promise<string> {
  const since = new Date(now.getTime() - SECOND_FACTOR_WINDOW_MS);
  return db.transaction(async (tx) => {
    // The count below must see what the claims before this one committed (see above).
    await tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
    // NO KEY UPDATE: claims wait for each other, rows that only reference the user do not.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    const [recent] = await tx.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*)::int AS n, min(created_at) AS oldest FROM second_factor_failures
        WHERE user_id = $1 AND created_at > $2`,
      [userId, since],
    );
    if (recent && recent.n >= SECOND_FACTOR_MAX_FAILURES) {
      const retryAfterMs = Math.max(
        1000,
        (recent.oldest ? recent.oldest.getTime() : now.getTime()) +
          SECOND_FACTOR_WINDOW_MS -
          now.getTime(),
      );
      throw new RetryLaterError(
        'two_factor_throttled',
        messages.security.tooManyCodes,
        retryAfterMs,
      );
    }
    const [claim] = await tx.query<{ id: string }>(
      `INSERT INTO second_factor_failures (user_id, created_at) VALUES ($1, $2)
       RETURNING id::text AS id`,
      [userId, now],
    );
    return claim!.id;
  });
}

/**
 * Checks a second-factor code for a user who has TOTP on: a six-digit code of the current step
 * (±1) not used before, or an unused backup code, which is used up. Throws when too many wrong
 * codes came lately; counts a wrong one. Returns how it was proven, or null when it was wrong.
 * The attempt is claimed (counted as wrong) before the code is checked and given back only when
 * the code was right, so codes sent in parallel cannot outrun the limit (claimAttempt). A right
 * code is used up as it is accepted (its TOTP step, its backup code), so giving its claim back
 * never lets one more wrong code through.
 */
export async function checkSecondFactor(
  db: Db,
  vault: VaultKey,
  userId: string,
  code: string,
  now: Date,
): Promise<'totp' | 'backup_code' | null> {
  const claim = await claimAttempt(db, userId, now);
  const typed = code.trim().replace(/\s/g, '');
  let proven: 'totp' | 'backup_code' | null = null;
  if (/^\d{6}$/.test(typed)) {
    const [row] = await db.query<TotpColumns>(
      'SELECT totp_secret, totp_secret_iv, totp_secret_tag FROM users WHERE id = $1',
      [userId],
    );
    if (row?.totp_secret && row.totp_secret_iv && row.totp_secret_tag) {
      const secret = openTotpSecret(vault, userId, {
        ciphertext: row.totp_secret,
        iv: row.totp_secret_iv,
        tag: row.totp_secret_tag,
      });
      const step = totpStep(secret, typed, now);
      if (step !== null) {
        // Only a step later than the last one used passes: the same code twice is refused,
        // and so is an earlier one, even when two requests race (the row decides).
        const used = await db.query(
          `UPDATE users SET totp_last_step = $2
            WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1`,
          [userId, step],
        );
        if (used.length > 0) proven = 'totp';
      }
    }
  } else if (normaliseBackupCode(typed).length === 10) {
    const used = await db.query(
      `UPDATE backup_codes SET used_at = $3
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
      [userId, backupCodeHash(userId, typed), now],
    );
    if (used.length > 0) proven = 'backup_code';
  }
  // A right code is not a failure. Were this lost (a crash), it would count as one: the safe side.
  if (proven) await db.query('DELETE FROM second_factor_failures WHERE id = $1', [claim]);
  return proven;
}

/** The error of a wrong code typed into a field (sign-in step, set-up). */
export const wrongCodeError = () =>
  new DomainError('validation_error', messages.security.codeInvalid, {
    code: messages.security.codeInvalid,
  });
