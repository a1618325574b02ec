import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newSignInMail } from '../mail/templates.ts';
import { addNotice } from '../notifications/notices.ts';
import type { UserRow } from '../users/user-row.ts';
import { describeDevice, newDeviceToken, rememberDevice } from './devices.ts';
import { recordSignIn, type SignInMethod } from './sign-ins.ts';
import { createSession, type ClientInfo, type NewSession } from './sessions.ts';
import { istDateTime } from './ist-time.ts';
import { freezeUrlFor, frozenError } from './account-freeze.ts';

export interface SignInContext {
  db: Db;
  mailer: Mailer;
  now: Date;
  client: ClientInfo;
  /** the browser's device cookie, if it has one */
  deviceToken: string | undefined;
  /** the site's address, for the link in the new-device mail */
  origin: string;
}

export interface OpenedSession {
  session: NewSession;
  /** the device cookie to (re)set */
  deviceToken: string;
  newDevice: boolean;
}

/**
 * The end of every successful sign-in (password, code, passkey): one transaction opens the
 * session, remembers the browser, writes the history row and, for a browser new to the account,
 * an in-app notice and a mail.
 */
export async function openSession(
  ctx: SignInContext,
  user: UserRow,
  method: SignInMethod,
): Promise<OpenedSession> {
  const deviceToken =
    ctx.deviceToken && /^[A-Za-z0-9_-]{16,64}$/.test(ctx.deviceToken)
      ? ctx.deviceToken
      : newDeviceToken();
  return ctx.db.transaction(async (tx) => {
    // Frozen (ADR 035): no session, however the sign-in was proven. Locked so a freeze in
    // progress either commits first (refused here) or deletes the session made here.
    const [state] = await tx.query<{ frozen: boolean }>(
      'SELECT frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1 FOR SHARE',
      [user.id],
    );
    if (state?.frozen) throw frozenError();
    const session = await createSession(tx, user.id, ctx.now, ctx.client, method);
    const { isNew } = await rememberDevice(tx, user.id, deviceToken, ctx.client.userAgent, ctx.now);
    await recordSignIn(tx, user.id, ctx.client, method, 'success', ctx.now, isNew);
    if (isNew) {
      const freezeUrl = await freezeUrlFor(tx, user, ctx.origin, ctx.now);
      const device = describeDevice(ctx.client.userAgent);
      const when = `${istDateTime(ctx.now)} IST`;
      await addNotice(
        tx,
        user.id,
        {
          kind: 'new_sign_in',
          title: 'New sign-in to your account',
          body: `${device}, from ${ctx.client.ip || 'an unknown address'}, on ${when}. Not you? Sign it out on your Security page.`,
          link: '/dashboard/account/security',
        },
        ctx.now,
      );
      await ctx.mailer.send(
        tx,
        newSignInMail(
          user.email,
          user.full_name,
          { device, ip: ctx.client.ip || 'an unknown address', when },
          `${ctx.origin}/dashboard/account/security`,
          freezeUrl,
        ),
      );
    }
    return { session, deviceToken, newDevice: isNew };
  });
}
