import { messages, TWO_FACTOR_LOGIN_ATTEMPTS, TWO_FACTOR_LOGIN_TTL_MS } from '@sikka/contracts';
import type { Db } from '../db/index.ts';
import { DomainError, RetryLaterError, unauthorized } from '../domain-error.ts';
import type { VaultKey } from '../kyc/vault.ts';
import type { UserRow } from '../users/user-row.ts';
import { findUserById, findUserByEmail } from '../users/users.ts';
import { createChallenge, deleteChallenge } from './challenges.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { frozenError } from './account-freeze.ts';
import { checkSecondFactor, wrongCodeError } from './second-factor.ts';
import { recordSignIn, recordSignInByEmail } from './sign-ins.ts';
import type { ClientInfo } from './sessions.ts';
import { hashToken } from './tokens.ts';
import {
  claimLoginAttempt,
  isKnownSource,
  loginSource,
  loginSucceeded,
  waitText,
  type ThrottleSettings,
} from './throttle.ts';

export interface LogInInput {
  email: string;
  password: string;
  client: ClientInfo;
  rememberMe: boolean;
  now: Date;
}

/** The password was right: sign the user in, or (TOTP on) ask for the code first. */
export type PasswordResult =
  | { kind: 'signed_in'; user: UserRow }
  | { kind: 'code_required'; user: UserRow; stepToken: string };

/**
 * Checks a password under the login throttle (ADR 008). Unknown e-mail and wrong password take
 * the same path and the same time, waits included: the throttle is keyed by the typed e-mail,
 * and an unknown one has no known sources. With TOTP on, no session is opened here: the answer
 * is a sign-in step (auth_challenges, 5 minutes, 5 wrong codes) that only a code completes.
 */
export async function checkPassword(
  db: Db,
  throttle: ThrottleSettings,
  input: LogInInput,
): Promise<PasswordResult> {
  const email = input.email.trim().toLowerCase();
  const { now, client } = input;
  const source = loginSource(client.ip);
  const known = await isKnownSource(db, email, source, now);
  const claim = await claimLoginAttempt(db, throttle, email, source, known, now);
  if (!claim.allowed) {
    await recordSignInByEmail(db, email, client, 'password', 'throttled', now);
    // Refused before the password is checked, so waiting out the throttle is the only way on.
    throw new RetryLaterError(
      'login_throttled',
      messages.login.throttled(waitText(claim.retryAfterMs)),
      claim.retryAfterMs,
    );
  }
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(
    user?.password_hash ?? (await dummyPasswordHash()),
    input.password,
  );
  // The failure was counted when the attempt was claimed.
  if (!user || !ok) {
    await recordSignInByEmail(db, email, client, 'password', 'wrong_password', now);
    throw new DomainError('invalid_credentials', messages.login.invalidCredentials);
  }
  await loginSucceeded(db, user.id, email, source, !known, now);
  // Told only to whoever proved the password, so it reveals nothing about the address.
  if (user.frozen_at) throw frozenError();
  if (!user.totp_enabled_at) return { kind: 'signed_in', user };
  const stepToken = await createChallenge(
    db,
    'two_factor_login',
    { userId: user.id, rememberMe: input.rememberMe },
    TWO_FACTOR_LOGIN_TTL_MS,
    now,
  );
  await recordSignIn(db, user.id, client, 'password', 'code_required', now);
  return { kind: 'code_required', user, stepToken };
}

/**
 * Takes one of a sign-in step's wrong-code attempts before its code is checked: the live step
 * behind the cookie's token with its attempts counted one up, or undefined when it is over or
 * has none left. One UPDATE both tests and counts, and PostgreSQL re-tests `attempts < limit`
 * on the row as the last writer left it, so however many codes arrive at once, at most
 * TWO_FACTOR_LOGIN_ATTEMPTS of them get past this.
 */
async function claimStepAttempt(
  db: Db,
  stepToken: string,
  now: Date,
): Promise<StepClaim | undefined> {
  const rows = await db.query<StepClaim>(
    `UPDATE auth_challenges SET attempts = attempts + 1
      WHERE token_hash = $1 AND purpose = 'two_factor_login' AND expires_at > $2 AND attempts < $3
      RETURNING token_hash, user_id::text AS user_id, remember_me, attempts`,
    [hashToken(stepToken), now, TWO_FACTOR_LOGIN_ATTEMPTS],
  );
  return rows[0];
}

type StepClaim = {
  token_hash: string;
  user_id: string | null;
  remember_me: boolean;
  /** Counting this one. */
  attempts: number;
};

/**
 * The second step of a two-factor sign-in: the code for the step the cookie names. A wrong code
 * counts against the step (5, then the password must be typed again) and against the user; the
 * attempt is counted before the code is checked, so parallel guesses cannot outrun the limit.
 */
export async function checkTwoFactorStep(
  db: Db,
  vault: VaultKey,
  stepToken: string | undefined,
  code: string,
  client: ClientInfo,
  now: Date,
): Promise<{ user: UserRow; rememberMe: boolean }> {
  const expired = () => unauthorized(messages.security.twoFactorExpired);
  if (!stepToken) throw expired();
  const step = await claimStepAttempt(db, stepToken, now);
  if (!step?.user_id) throw expired();
  const user = await findUserById(db, step.user_id);
  if (!user?.totp_enabled_at) throw expired();
  let proven: Awaited<ReturnType<typeof checkSecondFactor>>;
  try {
    proven = await checkSecondFactor(db, vault, user.id, code, now);
  } catch (err) {
    // Refused before the code was looked at (the user's own limit): the attempt is given back,
    // so waiting that out does not also cost the step. A given-back attempt checked no code.
    if (err instanceof RetryLaterError) {
      await db.query(
        'UPDATE auth_challenges SET attempts = attempts - 1 WHERE token_hash = $1 AND attempts > 0',
        [step.token_hash],
      );
    }
    throw err;
  }
  if (!proven) {
    await recordSignIn(db, user.id, client, 'two_factor', 'wrong_code', now);
    if (step.attempts >= TWO_FACTOR_LOGIN_ATTEMPTS) {
      await deleteChallenge(db, step.token_hash);
      throw expired();
    }
    throw wrongCodeError();
  }
  await deleteChallenge(db, step.token_hash);
  return { user, rememberMe: step.remember_me };
}
