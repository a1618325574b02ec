import type { SignInEvent } from '@sikka/contracts';

/** What each sign-in outcome means, in the words the history table shows. */
export const OUTCOME_TEXT: Record<SignInEvent['outcome'], string> = {
  success: 'Signed in',
  wrong_password: 'Wrong password',
  wrong_code: 'Wrong code',
  throttled: 'Too many attempts',
  code_required: 'Code asked',
};

export const METHOD_TEXT: Record<SignInEvent['method'], string> = {
  password: 'Password',
  two_factor: 'Password + code',
  passkey: 'Passkey',
};

/**
 * A base32 secret in groups of four ('JBSW Y3DP EHPK 3PXP'), for typing into an app by hand;
 * authenticator apps ignore the spaces.
 */
export function groupSecret(secret: string, size = 4): string {
  const clean = secret.replace(/\s+/g, '').toUpperCase();
  return (clean.match(new RegExp(`.{1,${size}}`, 'g')) ?? []).join(' ');
}

/** The downloaded backup codes: what they are, when they were made, one code a line. */
export function backupCodesFileText(codes: readonly string[], email: string, made: Date): string {
  return [
    'Sikka backup codes',
    `Account: ${email}`,
    `Made: ${made.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe. Making a new set stops these from working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The backup codes' file name, dated so a newer set does not overwrite an older download. */
export function backupCodesFileName(made: Date): string {
  return `sikka-backup-codes-${made.toISOString().slice(0, 10)}.txt`;
}
