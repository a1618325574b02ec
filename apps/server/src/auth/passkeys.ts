import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isIP } from 'node:net';
import { messages, type Passkey } from '@sikka/contracts';
import type { Db, Queryable } from '../db/index.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { recordSecurityEvent } from '../audit/audit-log.ts';
import { passkeyAddedMail } from '../mail/templates.ts';
import type { UserRow } from '../users/user-row.ts';
import { findUserById } from '../users/users.ts';
import { freezeUrlFor } from './account-freeze.ts';
import { createChallenge, takeChallenge } from './challenges.ts';
import type { SettingsContext } from './totp-settings.ts';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server; ADR 017). The relying party is the site the page
 * was opened on: its Origin (already one of ours: the CSRF guard refused any other) gives the
 * RP ID, its host name. A passkey with user verification is a sign-in of its own: it needs
 * neither the password nor a TOTP code.
 */
const RP_NAME = 'Sikka';
/** How long the browser has to answer a ceremony. */
export const PASSKEY_CEREMONY_MS = 5 * 60 * 1000;

export interface RelyingParty {
  id: string;
  origin: string;
}

/** The relying party of a request's Origin; passkeys cannot be bound to an IP address. */
export function relyingParty(origin: string | undefined): RelyingParty {
  const failed = () => new DomainError('validation_error', messages.security.passkeyNeedsName);
  if (!origin) throw failed();
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) throw failed();
  return { id: host, origin: url.origin };
}

type PasskeyRow = {
  id: string;
  user_id: string;
  public_key: Uint8Array;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
};

const toPasskey = (r: PasskeyRow): Passkey => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at ? r.last_used_at.toISOString() : null,
});

export async function listPasskeys(db: Queryable, userId: string): Promise<Passkey[]> {
  const rows = await db.query<PasskeyRow>(
    'SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows.map(toPasskey);
}

/** Options to create a passkey for a signed-in user; its challenge waits server-side. */
export async function registrationOptions(
  db: Queryable,
  user: UserRow,
  rp: RelyingParty,
  now: Date,
): Promise<Record<string, unknown>> {
  const existing = await db.query<{ id: string; transports: string[] }>(
    'SELECT id, transports FROM passkeys WHERE user_id = $1',
    [user.id],
  );
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.full_name,
    userID: Buffer.from(user.id.replace(/-/g, ''), 'hex'),
    attestationType: 'none',
    timeout: PASSKEY_CEREMONY_MS,
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await createChallenge(
    db,
    'passkey_register',
    { userId: user.id, challenge: options.challenge },
    PASSKEY_CEREMONY_MS,
    now,
  );
  return options as unknown as Record<string, unknown>;
}

/** Verifies the browser's new credential against the waiting challenge and stores it. */
export async function registerPasskey(
  ctx: SettingsContext,
  user: UserRow,
  rp: RelyingParty,
  input: { name: string; response: Record<string, unknown> },
): Promise<Passkey> {
  const { db, now, ip } = ctx;
  const challenge = await takeChallenge(db, { userId: user.id }, 'passkey_register', now);
  if (!challenge?.challenge) {
    throw new DomainError('passkey_failed', messages.security.passkeyExpired);
  }
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw new DomainError('passkey_failed', messages.security.passkeyFailed);
  }
  if (!verified.verified) throw new DomainError('passkey_failed', messages.security.passkeyFailed);
  const { credential } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    const rows = await tx.query<PasskeyRow>(
      `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING *`,
      [
        credential.id,
        user.id,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports ?? [],
        input.name,
        now,
      ],
    );
    const row = rows[0];
    if (!row) throw new DomainError('passkey_failed', messages.security.passkeyFailed);
    await recordSecurityEvent(tx, {
      userId: user.id,
      action: 'security.passkey_added',
      ip,
      after: { passkey: input.name },
    });
    const freezeUrl = await freezeUrlFor(tx, user, ctx.origin, now);
    await ctx.mailer.send(
      tx,
      passkeyAddedMail(
        user.email,
        user.full_name,
        input.name,
        `${ctx.origin}/dashboard/account/security`,
        freezeUrl,
      ),
    );
    return toPasskey(row);
  });
}

export async function removePasskey(
  db: Db,
  userId: string,
  passkeyId: string,
  ip: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ name: string }>(
      'DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name',
      [passkeyId, userId],
    );
    if (!rows[0]) throw notFound(messages.security.passkeyNotFound);
    await recordSecurityEvent(tx, {
      userId,
      action: 'security.passkey_removed',
      ip,
      after: { passkey: rows[0].name },
    });
  });
}

/** Options for a passkey sign-in (any of the site's passkeys: discoverable credentials). */
export async function loginOptions(
  db: Queryable,
  rp: RelyingParty,
  now: Date,
): Promise<{ options: Record<string, unknown>; token: string }> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: PASSKEY_CEREMONY_MS,
  });
  const token = await createChallenge(
    db,
    'passkey_login',
    { challenge: options.challenge },
    PASSKEY_CEREMONY_MS,
    now,
  );
  return { options: options as unknown as Record<string, unknown>, token };
}

/** Checks a passkey sign-in against its challenge (used up either way); the user it proves. */
export async function verifyPasskeyLogin(
  db: Db,
  rp: RelyingParty,
  token: string | undefined,
  response: Record<string, unknown>,
  now: Date,
): Promise<UserRow> {
  const failed = () => new DomainError('passkey_failed', messages.security.passkeyFailed);
  if (!token) throw new DomainError('passkey_failed', messages.security.passkeyExpired);
  const challenge = await takeChallenge(db, { token }, 'passkey_login', now);
  if (!challenge?.challenge) {
    throw new DomainError('passkey_failed', messages.security.passkeyExpired);
  }
  const [row] = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1', [
    assertionId(response),
  ]);
  if (!row) throw new DomainError('passkey_failed', messages.security.passkeyNotFound);
  if (!(await checkAssertion(db, row, challenge.challenge, rp, response, now))) throw failed();
  const user = await findUserById(db, row.user_id);
  if (!user) throw failed();
  return user;
}

/**
 * Options for confirming a step-up with one of the signed-in user's own passkeys, or null when
 * they have none. Its challenge waits server-side for the repeated request (one per user).
 */
export async function stepUpOptions(
  db: Queryable,
  userId: string,
  rp: RelyingParty,
  now: Date,
): Promise<Record<string, unknown> | null> {
  const mine = await db.query<{ id: string; transports: string[] }>(
    'SELECT id, transports FROM passkeys WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  if (mine.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: PASSKEY_CEREMONY_MS,
    allowCredentials: mine.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransport[],
    })),
  });
  await createChallenge(
    db,
    'passkey_step_up',
    { userId, challenge: options.challenge },
    PASSKEY_CEREMONY_MS,
    now,
  );
  return options as unknown as Record<string, unknown>;
}

/**
 * Checks a step-up's passkey assertion: the user's waiting challenge (used up either way) and
 * one of the user's own passkeys. Refusals are `two_factor_invalid`, so the app asks again.
 */
export async function verifyStepUpPasskey(
  db: Queryable,
  userId: string,
  rp: RelyingParty,
  response: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const refuse = (message: string) => new DomainError('two_factor_invalid', message);
  const challenge = await takeChallenge(db, { userId }, 'passkey_step_up', now);
  if (!challenge?.challenge) throw refuse(messages.security.passkeyExpired);
  // Only the caller's own passkeys: another user's, even a valid one, proves nothing here.
  const [row] = await db.query<PasskeyRow>(
    'SELECT * FROM passkeys WHERE id = $1 AND user_id = $2',
    [assertionId(response), userId],
  );
  if (!row) throw refuse(messages.security.passkeyNotFound);
  if (!(await checkAssertion(db, row, challenge.challenge, rp, response, now))) {
    throw refuse(messages.security.passkeyFailed);
  }
}

const assertionId = (response: Record<string, unknown>): string =>
  typeof response.id === 'string' ? response.id : '';

/**
 * Verifies an assertion of `row`'s passkey against `challenge` (user verification required) and
 * records its use. False when it does not verify, or when its signature counter did not grow
 * (for an authenticator that keeps one): a cloned key.
 */
async function checkAssertion(
  db: Queryable,
  row: PasskeyRow,
  challenge: string,
  rp: RelyingParty,
  response: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.id,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: row.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    return false;
  }
  if (!result.verified) return false;
  const updated = await db.query(
    `UPDATE passkeys SET counter = $2, last_used_at = $3
      WHERE id = $1 AND (counter = 0 AND $2::bigint = 0 OR counter < $2::bigint) RETURNING 1`,
    [row.id, result.authenticationInfo.newCounter, now],
  );
  return updated.length > 0;
}
