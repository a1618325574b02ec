import { FREEZE_LINK_TTL_MS, messages, type FreezeAccountResponse } from '@sikka/contracts';
import { recordSecurityEvent } from '../audit/audit-log.ts';
import type { Db, Queryable } from '../db/index.ts';
import { isUuid } from '../db/query-helpers.ts';
import { DomainError } from '../domain-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountFrozenMail, accountUnfrozenMail } from '../mail/templates.ts';
import { cancelAll } from '../spot/orders.ts';
import type { SpotExchange } from '../spot/exchange.ts';
import type { UserRow } from '../users/user-row.ts';
import { consumeLink, issueLink, peekLink } from './email-links.ts';
import { requireCurrentPassword } from './passwords.ts';

/**
 * Freezing an account (ADR 035): its owner stops everything at once, from the Security page or
 * from the link in a new-sign-in mail without signing in (the case where someone else holds
 * the password). Only the admin unfreezes it.
 */
export type FreezeVia = 'security_page' | 'mail_link';

export interface FreezeContext {
  db: Db;
  mailer: Mailer;
  now: Date;
  ip: string;
  origin: string;
  /** the spot exchange, when it runs: the account's resting orders are cancelled */
  spot: SpotExchange | null;
  /** the account this request's session belongs to, if any (its cookie goes with a freeze) */
  sessionUserId: string | null;
}

export const frozenError = () => new DomainError('account_frozen', messages.security.accountFrozen);

/** The freeze link of a new-sign-in mail: 7 days; earlier ones keep working. */
export function issueFreezeLink(
  db: Queryable,
  user: Pick<UserRow, 'id' | 'email'>,
  now: Date,
): Promise<string> {
  return issueLink(db, user, 'account_freeze', FREEZE_LINK_TTL_MS, now, true);
}

/**
 * The page a security mail's "Freeze your account now" opens, with a new freeze link; none for
 * the admin, whose account cannot be frozen (only the admin unfreezes).
 */
export async function freezeUrlFor(
  db: Queryable,
  user: Pick<UserRow, 'id' | 'email' | 'role'>,
  origin: string,
  now: Date,
): Promise<string | undefined> {
  if (user.role === 'admin') return undefined;
  return `${origin}/freeze-account?token=${await issueFreezeLink(db, user, now)}`;
}

/**
 * Freezes the account `resolve` names, in one transaction with `resolve`'s own work (using up
 * a link): `freeze_account()` ends every session and cancels the withdrawals still waiting for
 * review (their holds go back); an audit row and a mail record it. Then, committed, the
 * account's spot orders are cancelled through their engines; the sessions are gone by then,
 * so no new order can be placed.
 */
async function freeze(
  ctx: FreezeContext,
  via: FreezeVia,
  resolve: (tx: Queryable) => Promise<string>,
): Promise<FreezeAccountResponse> {
  const { userId, withdrawalsCancelled } = await ctx.db.transaction(async (tx) => {
    const id = await resolve(tx);
    const [owner] = await tx.query<{ role: string; email: string; full_name: string }>(
      'SELECT role, email, full_name FROM users WHERE id = $1',
      [id],
    );
    if (!owner) throw new DomainError('not_found', messages.http.notFound);
    // Only the admin unfreezes: a frozen admin could not be undone from the app.
    if (owner.role === 'admin') {
      throw new DomainError('invalid_state', messages.security.accountFreezeAdmin);
    }
    const [row] = await tx.query<{ n: number | null }>('SELECT freeze_account($1::uuid, $2) AS n', [
      id,
      via,
    ]);
    if (row?.n === null || row?.n === undefined) {
      throw new DomainError('invalid_state', messages.security.accountAlreadyFrozen);
    }
    // A change of address asked for before the freeze (perhaps by whoever it is meant to
    // stop) ends with it.
    await tx.query(
      `UPDATE email_tokens SET used_at = $2
        WHERE user_id = $1 AND purpose = 'email_change' AND used_at IS NULL`,
      [id, ctx.now],
    );
    await recordSecurityEvent(tx, {
      userId: id,
      action: 'security.account_frozen',
      ip: ctx.ip,
      after: { via, withdrawalsCancelled: row.n },
    });
    await ctx.mailer.send(tx, accountFrozenMail(owner.email, owner.full_name, row.n));
    return { userId: id, withdrawalsCancelled: row.n };
  });
  const ordersCancelled = ctx.spot ? await cancelAll(ctx.spot, userId, undefined) : 0;
  return {
    message: messages.security.accountFrozenNow,
    withdrawalsCancelled,
    ordersCancelled,
    signedOut: ctx.sessionUserId === userId,
  };
}

/** From the Security page: the signed-in user's own account, with its current password. */
export async function freezeOwnAccount(
  ctx: FreezeContext,
  user: UserRow,
  currentPassword: string,
): Promise<FreezeAccountResponse> {
  await requireCurrentPassword(user, currentPassword);
  return freeze(ctx, 'security_page', () => Promise.resolve(user.id));
}

/**
 * From a new-sign-in mail's link, signed in or not; the link works once. A browser signed in
 * to another account stays signed in to it.
 */
export function freezeByLink(ctx: FreezeContext, token: string) {
  return freeze(ctx, 'mail_link', async (tx) => {
    const link = await consumeLink(tx, token, 'account_freeze', ctx.now);
    if (!link) throw new DomainError('link_invalid', messages.security.linkInvalid);
    return link.userId;
  });
}

/**
 * What following a freeze link would do, without using it up, so its page can say at once
 * that a used or expired link, or an account frozen already, has nothing left to do. Throws
 * the error freezeByLink would.
 */
export async function checkFreezeLink(db: Queryable, token: string, now: Date): Promise<void> {
  const link = await peekLink(db, token, 'account_freeze', now);
  if (!link) throw new DomainError('link_invalid', messages.security.linkInvalid);
  const [user] = await db.query<{ frozen: boolean }>(
    'SELECT frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1',
    [link.userId],
  );
  if (user?.frozen) throw new DomainError('invalid_state', messages.security.accountAlreadyFrozen);
}

/** The admin unfreezes an account: its owner may sign in again (audited, and mailed). */
export async function unfreezeAccount(
  ctx: Omit<FreezeContext, 'spot' | 'sessionUserId'>,
  userId: string,
  adminId: string,
): Promise<UserRow> {
  if (!isUuid(userId)) throw new DomainError('not_found', messages.http.notFound);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [
      userId,
    ]);
    if (!user) throw new DomainError('not_found', messages.http.notFound);
    if (!user.frozen_at) throw new DomainError('invalid_state', messages.security.accountNotFrozen);
    const [after] = await tx.query<UserRow>(
      `UPDATE users SET frozen_at = NULL, frozen_via = NULL, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [userId],
    );
    await recordSecurityEvent(tx, {
      userId,
      actorId: adminId,
      action: 'security.account_unfrozen',
      ip: ctx.ip,
      after: { frozenAt: user.frozen_at.toISOString() },
    });
    await ctx.mailer.send(
      tx,
      accountUnfrozenMail(user.email, user.full_name, `${ctx.origin}/login`),
    );
    return after!;
  });
}
