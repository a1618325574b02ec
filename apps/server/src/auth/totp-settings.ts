import { messages, type SecurityOverview, type TotpSetupResponse } from '@sikka/contracts';
import type { Db, Queryable } from '../db/index.ts';
import { DomainError } from '../domain-error.ts';
import { recordSecurityEvent } from '../audit/audit-log.ts';
import type { VaultKey } from '../kyc/vault.ts';
import type { Mailer } from '../mail/mailer.ts';
import { twoFactorChangedMail } from '../mail/templates.ts';
import type { UserRow } from '../users/user-row.ts';
import { listPasskeys } from './passkeys.ts';
import {
  newTotpSecret,
  openTotpSecret,
  otpauthUrl,
  replaceBackupCodes,
  sealTotpSecret,
  totpStep,
  wrongCodeError,
} from './second-factor.ts';

export interface SettingsContext {
  db: Db;
  vault: VaultKey;
  mailer: Mailer;
  now: Date;
  ip: string;
  origin: string;
}

const securityUrl = (ctx: SettingsContext) => `${ctx.origin}/dashboard/account/security`;

/** Starts TOTP set-up: a new secret, kept pending (sealed) until a code from it is typed. */
export async function setUpTotp(ctx: SettingsContext, user: UserRow): Promise<TotpSetupResponse> {
  if (user.totp_enabled_at) {
    throw new DomainError('invalid_state', messages.security.totpAlreadyEnabled);
  }
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(ctx.vault, user.id, secret);
  await ctx.db.query(
    `UPDATE users SET totp_pending_secret = $2, totp_pending_iv = $3, totp_pending_tag = $4
      WHERE id = $1`,
    [user.id, sealed.ciphertext, sealed.iv, sealed.tag],
  );
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/**
 * Turns TOTP on with a code from the pending secret (proof the app has it); returns the ten
 * backup codes, shown once. The code's step counts as used.
 */
export async function enableTotp(
  ctx: SettingsContext,
  user: UserRow,
  code: string,
): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{
      totp_enabled_at: Date | null;
      totp_pending_secret: Uint8Array | null;
      totp_pending_iv: Uint8Array | null;
      totp_pending_tag: Uint8Array | null;
    }>(
      `SELECT totp_enabled_at, totp_pending_secret, totp_pending_iv, totp_pending_tag
         FROM users WHERE id = $1 FOR UPDATE`,
      [user.id],
    );
    if (row?.totp_enabled_at) {
      throw new DomainError('invalid_state', messages.security.totpAlreadyEnabled);
    }
    if (!row?.totp_pending_secret || !row.totp_pending_iv || !row.totp_pending_tag) {
      throw new DomainError('invalid_state', messages.security.totpSetupMissing);
    }
    const sealed = {
      ciphertext: row.totp_pending_secret,
      iv: row.totp_pending_iv,
      tag: row.totp_pending_tag,
    };
    const step = totpStep(openTotpSecret(ctx.vault, user.id, sealed), code, ctx.now);
    if (step === null) throw wrongCodeError();
    await tx.query(
      `UPDATE users SET totp_secret = totp_pending_secret, totp_secret_iv = totp_pending_iv,
              totp_secret_tag = totp_pending_tag, totp_pending_secret = NULL,
              totp_pending_iv = NULL, totp_pending_tag = NULL, totp_enabled_at = $2,
              totp_last_step = $3, updated_at = now()
        WHERE id = $1`,
      [user.id, ctx.now, step],
    );
    const codes = await replaceBackupCodes(tx, user.id, ctx.now);
    await recordSecurityEvent(tx, { userId: user.id, action: 'security.totp_enabled', ip: ctx.ip });
    await ctx.mailer.send(
      tx,
      twoFactorChangedMail(user.email, user.full_name, true, securityUrl(ctx)),
    );
    return codes;
  });
}

/** Turns TOTP off (the route has already checked a code): secret and backup codes are gone. */
export async function disableTotp(ctx: SettingsContext, user: UserRow): Promise<void> {
  if (user.role === 'admin') {
    // The admin tools need it (ADR 017): the admin may replace it, never drop it.
    throw new DomainError('invalid_state', messages.security.twoFactorSetupRequired);
  }
  await ctx.db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE users SET totp_secret = NULL, totp_secret_iv = NULL, totp_secret_tag = NULL,
              totp_enabled_at = NULL, totp_last_step = NULL, updated_at = now()
        WHERE id = $1 AND totp_enabled_at IS NOT NULL RETURNING 1`,
      [user.id],
    );
    if (rows.length === 0) throw new DomainError('invalid_state', messages.security.totpNotEnabled);
    await tx.query('DELETE FROM backup_codes WHERE user_id = $1', [user.id]);
    await recordSecurityEvent(tx, {
      userId: user.id,
      action: 'security.totp_disabled',
      ip: ctx.ip,
    });
    await ctx.mailer.send(
      tx,
      twoFactorChangedMail(user.email, user.full_name, false, securityUrl(ctx)),
    );
  });
}

export async function regenerateBackupCodes(
  ctx: SettingsContext,
  user: UserRow,
): Promise<string[]> {
  if (!user.totp_enabled_at) {
    throw new DomainError('invalid_state', messages.security.totpNotEnabled);
  }
  return ctx.db.transaction(async (tx) => {
    const codes = await replaceBackupCodes(tx, user.id, ctx.now);
    await recordSecurityEvent(tx, {
      userId: user.id,
      action: 'security.backup_codes_regenerated',
      ip: ctx.ip,
    });
    return codes;
  });
}

export async function securityOverview(db: Queryable, user: UserRow): Promise<SecurityOverview> {
  const left = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM backup_codes WHERE user_id = $1 AND used_at IS NULL',
    [user.id],
  );
  return {
    emailVerified: user.email_verified_at !== null,
    passwordChangedAt: user.password_changed_at ? user.password_changed_at.toISOString() : null,
    totp: {
      enabled: user.totp_enabled_at !== null,
      enabledAt: user.totp_enabled_at ? user.totp_enabled_at.toISOString() : null,
      backupCodesLeft: user.totp_enabled_at ? (left[0]?.n ?? 0) : 0,
    },
    passkeys: await listPasskeys(db, user.id),
    antiPhishingCode: user.anti_phishing_code,
  };
}
