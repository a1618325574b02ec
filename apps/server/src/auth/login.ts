import { messages } from '@sikka/contracts';
import type { Db } from '../db/index.ts';
import { DomainError, RetryLaterError } from '../domain-error.ts';
import type { UserRow } from '../users/user-row.ts';
import { findUserByEmail } from '../users/users.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { createSession, type NewSession } from './sessions.ts';
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
  ip: string;
  now: Date;
}

/**
 * Checks a password under the login throttle (ADR 008) and opens a session. Unknown e-mail and
 * wrong password take the same path and the same time, waits included: the throttle is keyed
 * by the typed e-mail, and an unknown one has no known sources.
 */
export async function logIn(
  db: Db,
  throttle: ThrottleSettings,
  input: LogInInput,
): Promise<{ user: UserRow; session: NewSession }> {
  const email = input.email.trim().toLowerCase();
  const { now } = input;
  const source = loginSource(input.ip);
  const known = await isKnownSource(db, email, source, now);
  const claim = await claimLoginAttempt(db, throttle, email, source, known, now);
  if (!claim.allowed) {
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
    throw new DomainError('invalid_credentials', messages.login.invalidCredentials);
  }
  await loginSucceeded(db, user.id, email, source, !known, now);
  return { user, session: await createSession(db, user.id, now) };
}
