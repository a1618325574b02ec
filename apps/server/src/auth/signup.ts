import { messages } from '@sikka/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { DomainError, validationError } from '../domain-error.ts';
import type { UserRow } from '../users/user-row.ts';
import { emailExists, insertUser } from '../users/users.ts';
import { recentAttempts, recordAttempt } from './attempts.ts';
import { backfillEmailSkeletons, emailSkeleton, isServerAddress } from './identities.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { createSession, type ClientInfo, type NewSession } from './sessions.ts';
import { loginSource, rememberSource } from './throttle.ts';
import { newDeviceToken, rememberDevice } from './devices.ts';
import { sendVerificationMail } from './email-links.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface SignUpInput {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  /** the client's address (counted for conflicts, known for the login throttle) and agent */
  client: ClientInfo;
  /** the browser's device cookie, if it has one */
  deviceToken: string | undefined;
  /** where the verification mail goes out, and the site's address for its link */
  mailer: Mailer;
  origin: string;
  now: Date;
}

export type SignUpRules = Pick<Config, 'ADMIN_EMAIL' | 'SIGNUP_ATTEMPTS_PER_EMAIL'>;

const emailConfusable = () =>
  new DomainError('email_confusable', messages.signup.emailConfusable, {
    email: messages.signup.emailConfusable,
  });

/**
 * A new account and its first session, made in one transaction: no half-made users. Refuses a
 * common password, an e-mail taken or looking like one taken (the admin's even before the
 * admin account exists), and an e-mail that keeps colliding (SIGNUP_ATTEMPTS_PER_EMAIL an hour).
 */
export async function signUp(
  db: Db,
  rules: SignUpRules,
  input: SignUpInput,
): Promise<{ user: UserRow; session: NewSession; deviceToken: string }> {
  const { fullName, phone, password, now } = input;
  const { ip } = input.client;
  const email = input.email.toLowerCase();
  if (isCommonPassword(password)) {
    throw validationError({ password: messages.signup.passwordCommon });
  }
  if (
    (await recentAttempts(db, 'signup_conflict', email, now)) >= rules.SIGNUP_ATTEMPTS_PER_EMAIL
  ) {
    throw new DomainError('rate_limited', messages.http.rateLimited);
  }
  const skeleton = emailSkeleton(email);
  // The admin's own address is taken (the admin exists from start-up); the market maker's may
  // not exist yet, so it and its lookalikes are refused here whether or not it does.
  if (isServerAddress(email, rules.ADMIN_EMAIL) && email !== rules.ADMIN_EMAIL) {
    await recordAttempt(db, 'signup_conflict', email, ip, now);
    throw emailConfusable();
  }
  // Accounts made before migration 013 (or by the admin bootstrap) must hold theirs first.
  await backfillEmailSkeletons(db);
  const passwordHash = await hashPassword(password);
  // The unique indexes on email and email_skeleton decide a race between two sign-ups.
  const result = await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      emailSkeleton: skeleton,
      fullName,
      phone,
      passwordHash,
    });
    if (!user) return null;
    await rememberSource(tx, user.id, loginSource(ip), now);
    const deviceToken = input.deviceToken ?? newDeviceToken();
    await rememberDevice(tx, user.id, deviceToken, input.client.userAgent, now);
    await sendVerificationMail(tx, { mailer: input.mailer, origin: input.origin, now, ip }, user);
    const session = await createSession(tx, user.id, now, input.client, 'signup');
    return { user, session, deviceToken };
  });
  if (!result) {
    await recordAttempt(db, 'signup_conflict', email, ip, now);
    if (!(await emailExists(db, email))) throw emailConfusable();
    throw new DomainError('user_already_exists', messages.signup.emailTaken, {
      email: messages.signup.emailTaken,
    });
  }
  return result;
}
