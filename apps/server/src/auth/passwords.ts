import { hash, verify } from '@node-rs/argon2';
import { messages } from '@sikka/contracts';
import { validationError } from '../domain-error.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** OWASP argon2id parameters: 19 MiB memory, 2 iterations, parallelism 1. */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2id at its smallest cost (64 KiB, 1 iteration): for test processes only, which sign up
 * and sign in thousands of accounts. Nothing in the server turns it on; test/support does, for
 * the apps it builds in its own process (ADR 036). A password hashed so still verifies, as
 * argon2 stores its parameters in the hash.
 */
const TEST_ARGON2_OPTIONS = { ...ARGON2_OPTIONS, memoryCost: 64, timeCost: 1 } as const;
let hashOptions: typeof ARGON2_OPTIONS | typeof TEST_ARGON2_OPTIONS = ARGON2_OPTIONS;

/** Test processes only (see TEST_ARGON2_OPTIONS); `false` goes back to the OWASP cost. */
export function useCheapPasswordHashingInThisTestProcess(on: boolean): void {
  hashOptions = on ? TEST_ARGON2_OPTIONS : ARGON2_OPTIONS;
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), hashOptions);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

/**
 * A signed-in user proves they still know the password before a change that could take the
 * account from its owner (e-mail, passkeys, freeze, a new password): refused at the field.
 */
export async function requireCurrentPassword(
  user: { password_hash: string },
  password: string,
): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) {
    throw validationError({ currentPassword: messages.security.currentPasswordWrong });
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash with the same parameters, verified when the e-mail is unknown, so an unknown
 * account and a wrong password take the same time.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
