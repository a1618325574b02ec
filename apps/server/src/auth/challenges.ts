import type { Queryable } from '../db/index.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/**
 * Short-lived server-side state between two requests of one sign-in or passkey ceremony
 * (auth_challenges, migration 020), found by the SHA-256 of a random token the browser holds in
 * an httpOnly cookie, or for a signed-in user's passkey registration or step-up by the user.
 */
export type ChallengePurpose =
  'two_factor_login' | 'passkey_login' | 'passkey_register' | 'passkey_step_up';

/** Ceremonies of a signed-in user, found by the user: one at a time, a new one replaces the last. */
const ONE_PER_USER: ReadonlySet<ChallengePurpose> = new Set([
  'passkey_register',
  'passkey_step_up',
]);

export type ChallengeRow = {
  token_hash: string;
  user_id: string | null;
  challenge: string | null;
  remember_me: boolean;
  attempts: number;
};

export async function createChallenge(
  db: Queryable,
  purpose: ChallengePurpose,
  fields: { userId?: string; challenge?: string; rememberMe?: boolean },
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = newSessionToken();
  if (ONE_PER_USER.has(purpose) && fields.userId) {
    await db.query('DELETE FROM auth_challenges WHERE user_id = $1 AND purpose = $2', [
      fields.userId,
      purpose,
    ]);
  }
  await db.query(
    `INSERT INTO auth_challenges (token_hash, purpose, user_id, challenge, remember_me, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      hashToken(token),
      purpose,
      fields.userId ?? null,
      fields.challenge ?? null,
      fields.rememberMe ?? false,
      now,
      new Date(now.getTime() + ttlMs),
    ],
  );
  return token;
}

/** Uses a challenge up (a passkey challenge is good for one answer): the row, or undefined. */
export async function takeChallenge(
  db: Queryable,
  where: { token: string } | { userId: string },
  purpose: ChallengePurpose,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const rows = await db.query<ChallengeRow>(
    `DELETE FROM auth_challenges
      WHERE ${'token' in where ? 'token_hash' : 'user_id'} = $1 AND purpose = $2
      RETURNING token_hash, user_id::text AS user_id, challenge, remember_me, attempts, expires_at > $3 AS live`,
    ['token' in where ? hashToken(where.token) : where.userId, purpose, now],
  );
  const row = rows[0] as (ChallengeRow & { live: boolean }) | undefined;
  return row?.live ? row : undefined;
}

export async function deleteChallenge(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM auth_challenges WHERE token_hash = $1', [tokenHash]);
}
