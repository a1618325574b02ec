import {
  EMAIL_CHANGE_TTL_MS,
  EMAIL_VERIFY_TTL_MS,
  messages,
  PASSWORD_RESET_TTL_MS,
} from '@sikka/contracts';
import type { Db, Queryable } from '../db/index.ts';
import { DomainError, validationError } from '../domain-error.ts';
import { recordSecurityEvent } from '../audit/audit-log.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  emailChangeTakenMail,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from '../mail/templates.ts';
import { emailExists } from '../users/users.ts';
import { emailSkeleton, isServerAddress } from './identities.ts';
import { hashPassword, isCommonPassword, requireCurrentPassword } from './passwords.ts';
import { hashToken, newSessionToken } from './tokens.ts';
import type { UserRow } from '../users/user-row.ts';

/**
 * One-time links by e-mail (issue 16, ADR 017): password reset (30 minutes) and e-mail
 * verification (24 hours). A link carries a 256-bit random token; only its SHA-256 is stored,
 * and using it marks it used in the same statement that finds it, so it works exactly once.
 */
export type LinkPurpose = 'password_reset' | 'email_verify' | 'email_change' | 'account_freeze';

/** Reset mails one account may be sent in an hour; more requests are answered alike and dropped. */
export const RESET_MAILS_PER_HOUR = 5;
/** Verification mails one account may ask for in an hour. */
export const VERIFY_MAILS_PER_HOUR = 5;
/** Changes of address one account may ask for in an hour. */
export const EMAIL_CHANGES_PER_HOUR = 5;

export interface LinkContext {
  db: Db;
  mailer: Mailer;
  /** the site's address links start with, e.g. http://localhost:3000 */
  origin: string;
  now: Date;
  ip: string;
}

/**
 * A new link to `user.email` (for an e-mail change, to the new address it names). It replaces
 * the ones sent before, so only the latest mail works, unless `keepEarlier` (a freeze link:
 * every new-sign-in mail's must work).
 */
export async function issueLink(
  db: Queryable,
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: LinkPurpose,
  ttlMs: number,
  now: Date,
  keepEarlier = false,
): Promise<string> {
  const token = newSessionToken();
  if (!keepEarlier) {
    await db.query(
      `UPDATE email_tokens SET used_at = $3
        WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [user.id, purpose, now],
    );
  }
  await db.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), user.id, purpose, user.email, now, new Date(now.getTime() + ttlMs)],
  );
  return token;
}

async function linksSentLastHour(
  db: Queryable,
  userId: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_tokens
      WHERE user_id = $1 AND purpose = $2 AND created_at > $3`,
    [userId, purpose, new Date(now.getTime() - 60 * 60 * 1000)],
  );
  return rows[0]?.n ?? 0;
}

const LIVE_LINK = `token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`;

/** A link that consumeLink would take, without using it up: its user, or null. */
export async function peekLink(
  db: Queryable,
  token: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<{ userId: string } | null> {
  const rows = await db.query<{ user_id: string }>(
    `SELECT user_id FROM email_tokens WHERE ${LIVE_LINK}`,
    [hashToken(token), purpose, now],
  );
  return rows[0] ? { userId: rows[0].user_id } : null;
}

/** Uses up a link: the user and address it was for, or null (unknown, used, expired). */
export async function consumeLink(
  db: Queryable,
  token: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<{ userId: string; email: string } | null> {
  const rows = await db.query<{ user_id: string; email: string }>(
    `UPDATE email_tokens SET used_at = $3 WHERE ${LIVE_LINK} RETURNING user_id, email`,
    [hashToken(token), purpose, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, email: row.email } : null;
}

const linkInvalid = () => new DomainError('link_invalid', messages.security.linkInvalid);

/** The verification mail of a new or unverified account (inside the sign-up's transaction). */
export async function sendVerificationMail(
  db: Queryable,
  ctx: Omit<LinkContext, 'db'>,
  user: Pick<UserRow, 'id' | 'email' | 'full_name'>,
): Promise<void> {
  const token = await issueLink(db, user, 'email_verify', EMAIL_VERIFY_TTL_MS, ctx.now);
  const url = `${ctx.origin}/verify-email?token=${token}`;
  await ctx.mailer.send(db, verifyEmailMail(user.email, user.full_name, url));
}

/** "Send a new link" from the banner: refused when already verified, quietly capped per hour. */
export async function resendVerification(ctx: LinkContext, user: UserRow): Promise<void> {
  if (user.email_verified_at) {
    throw new DomainError('invalid_state', messages.security.emailAlreadyVerified);
  }
  await ctx.db.transaction(async (tx) => {
    if ((await linksSentLastHour(tx, user.id, 'email_verify', ctx.now)) >= VERIFY_MAILS_PER_HOUR) {
      throw new DomainError('rate_limited', messages.http.rateLimited);
    }
    await sendVerificationMail(tx, ctx, user);
  });
}

/** Follows a verification link (signed in or not). */
export async function verifyEmail(ctx: LinkContext, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const link = await consumeLink(tx, token, 'email_verify', ctx.now);
    if (!link) throw linkInvalid();
    // Only while the account still has the address the link was sent to.
    const rows = await tx.query(
      `UPDATE users SET email_verified_at = coalesce(email_verified_at, $3), updated_at = now()
        WHERE id = $1 AND email = $2 RETURNING 1`,
      [link.userId, link.email, ctx.now],
    );
    if (rows.length === 0) throw linkInvalid();
    await recordSecurityEvent(tx, {
      userId: link.userId,
      action: 'security.email_verified',
      ip: ctx.ip,
    });
  });
}

/**
 * "Forgot password?": mails a reset link when an account has `email`, and does nothing
 * otherwise. The route answers before this runs, the same for both, so neither the answer nor
 * its timing tells whether the account exists.
 */
export async function requestPasswordReset(ctx: LinkContext, email: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.query<UserRow>('SELECT * FROM users WHERE email = $1 FOR UPDATE', [
      email.toLowerCase(),
    ]);
    if (!user) return;
    if ((await linksSentLastHour(tx, user.id, 'password_reset', ctx.now)) >= RESET_MAILS_PER_HOUR) {
      return;
    }
    const token = await issueLink(tx, user, 'password_reset', PASSWORD_RESET_TTL_MS, ctx.now);
    const url = `${ctx.origin}/reset-password?token=${token}`;
    await ctx.mailer.send(tx, passwordResetMail(user.email, user.full_name, url));
  });
}

function checkNewPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw validationError({ [field]: messages.signup.passwordCommon });
  }
}

/**
 * Sets a new password from a reset link: the link is used up, every session and sign-in step of
 * the account ends, and the address counts as verified (the link reached it). Two-factor stays
 * on: the next sign-in still asks for the code. The account's passkeys are removed: a passkey
 * signs in on its own, so one added by whoever the owner is taking the account back from would
 * otherwise outlast the reset.
 */
export async function resetPassword(
  ctx: LinkContext,
  token: string,
  password: string,
): Promise<void> {
  checkNewPassword(password, 'password');
  const hash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const link = await consumeLink(tx, token, 'password_reset', ctx.now);
    if (!link) throw linkInvalid();
    const [user] = await tx.query<UserRow>(
      `UPDATE users SET password_hash = $2, password_changed_at = $3,
              email_verified_at = coalesce(email_verified_at, $3), updated_at = now()
        WHERE id = $1 AND email = $4 RETURNING *`,
      [link.userId, hash, ctx.now, link.email],
    );
    if (!user) throw linkInvalid();
    await tx.query('DELETE FROM auth_challenges WHERE user_id = $1', [user.id]);
    const passkeys = await tx.query<{ name: string }>(
      'DELETE FROM passkeys WHERE user_id = $1 RETURNING name',
      [user.id],
    );
    await afterPasswordSet(tx, ctx, user, 'security.password_reset', null, passkeys.length);
  });
}

/**
 * What follows every new password, in its transaction: the user's sessions end (but
 * `keepSessionId`), no reset or e-mail change link sent before works any more, an audit row,
 * and a mail.
 */
async function afterPasswordSet(
  tx: Queryable,
  ctx: Omit<LinkContext, 'db'>,
  user: Pick<UserRow, 'id' | 'email' | 'full_name'>,
  action: 'security.password_reset' | 'security.password_changed',
  keepSessionId: string | null,
  passkeysRemoved = 0,
): Promise<void> {
  await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid', [
    user.id,
    keepSessionId,
  ]);
  // A reset link sent before, and a change of address asked for before (perhaps by whoever
  // the owner is changing the password to shut out), stop working.
  await tx.query(
    `UPDATE email_tokens SET used_at = $2
      WHERE user_id = $1 AND purpose IN ('password_reset', 'email_change') AND used_at IS NULL`,
    [user.id, ctx.now],
  );
  await recordSecurityEvent(tx, {
    userId: user.id,
    action,
    ip: ctx.ip,
    ...(passkeysRemoved > 0 ? { after: { passkeysRemoved } } : {}),
  });
  await ctx.mailer.send(
    tx,
    passwordChangedMail(
      user.email,
      user.full_name,
      `${ctx.origin}/dashboard/account/security`,
      passkeysRemoved,
    ),
  );
}

/**
 * Changes the password of a signed-in user who knows the current one; every other session
 * ends, this one stays.
 */
export async function changePassword(
  ctx: LinkContext,
  user: UserRow,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await requireCurrentPassword(user, input.currentPassword);
  if (input.currentPassword.normalize('NFC') === input.newPassword.normalize('NFC')) {
    throw validationError({ newPassword: messages.security.passwordSameAsOld });
  }
  checkNewPassword(input.newPassword, 'newPassword');
  const hash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = now()
        WHERE id = $1`,
      [user.id, hash, ctx.now],
    );
    await afterPasswordSet(tx, ctx, user, 'security.password_changed', currentSessionId);
  });
}

/** What a change of address is checked against besides the accounts: the admin's address. */
export interface EmailChangeRules {
  ADMIN_EMAIL: string;
}

/**
 * "Change email" (ADR 033), after the password and the step-up: a link to the new address, and
 * a notice to the current one. An address that already has an account gets a mail saying so
 * instead of the link, and the answer is the same, so the form tells no one whose an address
 * is. One that only looks like an account's address is refused, as at sign-up.
 */
export async function requestEmailChange(
  ctx: LinkContext,
  rules: EmailChangeRules,
  user: UserRow,
  input: { newEmail: string; currentPassword: string },
): Promise<void> {
  if (user.role === 'admin') {
    throw new DomainError('invalid_state', messages.security.emailChangeAdmin);
  }
  await requireCurrentPassword(user, input.currentPassword);
  const newEmail = input.newEmail.toLowerCase();
  if (newEmail === user.email) {
    throw validationError({ newEmail: messages.security.emailSameAsCurrent });
  }
  const taken = await emailExists(ctx.db, newEmail);
  if (!taken && (await lookalikeTaken(ctx.db, rules, newEmail, user.id))) {
    throw new DomainError('email_confusable', messages.signup.emailConfusable, {
      newEmail: messages.signup.emailConfusable,
    });
  }
  const securityUrl = `${ctx.origin}/dashboard/account/security`;
  await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    if ((await linksSentLastHour(tx, user.id, 'email_change', ctx.now)) >= EMAIL_CHANGES_PER_HOUR) {
      throw new DomainError('rate_limited', messages.http.rateLimited);
    }
    // Counted like a link either way, so a taken address is not told by the limit either.
    const token = await issueLink(
      tx,
      { id: user.id, email: newEmail },
      'email_change',
      EMAIL_CHANGE_TTL_MS,
      ctx.now,
    );
    if (taken) {
      await tx.query(`UPDATE email_tokens SET used_at = $2 WHERE token_hash = $1`, [
        hashToken(token),
        ctx.now,
      ]);
      await ctx.mailer.send(tx, emailChangeTakenMail(newEmail, `${ctx.origin}/login`));
    } else {
      const url = `${ctx.origin}/confirm-email-change?token=${token}`;
      await ctx.mailer.send(tx, emailChangeMail(newEmail, user.full_name, url, user.id));
    }
    await ctx.mailer.send(
      tx,
      emailChangeNoticeMail(user.email, user.full_name, newEmail, false, securityUrl, user.id),
    );
    await recordSecurityEvent(tx, {
      userId: user.id,
      action: 'security.email_change_requested',
      ip: ctx.ip,
      after: { email: newEmail },
    });
  });
}

/** Another account's address looks like this one (or the server's do): refused as at sign-up. */
async function lookalikeTaken(
  db: Queryable,
  rules: EmailChangeRules,
  email: string,
  userId: string,
): Promise<boolean> {
  if (isServerAddress(email, rules.ADMIN_EMAIL)) return true;
  const skeleton = emailSkeleton(email);
  const rows = await db.query(
    'SELECT 1 FROM users WHERE email_skeleton = $1 AND id <> $2 LIMIT 1',
    [skeleton, userId],
  );
  return rows.length > 0;
}

/**
 * Follows an e-mail change link (signed in or not): the account takes the new address, verified
 * by the link itself; links sent to the old address stop working; withdrawals pause for
 * EMAIL_CHANGE_HOLD_MS; the old address is told. The new address is the link's, so a change
 * asked for twice takes only the latest.
 */
export async function confirmEmailChange(ctx: LinkContext, token: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const link = await consumeLink(tx, token, 'email_change', ctx.now);
    if (!link) throw linkInvalid();
    const [before] = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [
      link.userId,
    ]);
    if (!before) throw linkInvalid();
    // A frozen account changes nothing until the admin unfreezes it (ADR 035); freezing also
    // voids these links, so this guards any made before that rule.
    if (before.frozen_at) {
      throw new DomainError('account_frozen', messages.security.accountFrozen);
    }
    // Taken since the link was sent (a sign-up, another change): the unique indexes would
    // refuse it; say so instead of failing.
    const clash = await tx.query(
      'SELECT 1 FROM users WHERE (email = $1 OR email_skeleton = $2) AND id <> $3 LIMIT 1',
      [link.email, emailSkeleton(link.email), link.userId],
    );
    if (clash.length > 0) throw linkInvalid();
    await tx.query(
      `UPDATE users SET email = $2, email_skeleton = $3, email_verified_at = $4,
              email_changed_at = $4, updated_at = now()
        WHERE id = $1`,
      [link.userId, link.email, emailSkeleton(link.email), ctx.now],
    );
    // Links sent to the old address stop working, except the freeze links of new-sign-in
    // mails: an intruder who moved the address must not take the owner's way to stop them.
    await tx.query(
      `UPDATE email_tokens SET used_at = $2
        WHERE user_id = $1 AND purpose <> 'account_freeze' AND used_at IS NULL`,
      [link.userId, ctx.now],
    );
    await recordSecurityEvent(tx, {
      userId: link.userId,
      action: 'security.email_changed',
      ip: ctx.ip,
      after: { from: before.email, to: link.email },
    });
    await ctx.mailer.send(
      tx,
      emailChangeNoticeMail(
        before.email,
        before.full_name,
        link.email,
        true,
        `${ctx.origin}/dashboard/account/security`,
        link.userId,
      ),
    );
    return link.email;
  });
}
