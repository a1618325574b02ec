import { SESSION_TTL_MS } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import type { UserRow } from '../users/user-row.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function createSession(db: Queryable, userId: string, now: Date): Promise<NewSession> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.query(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [hashToken(token), userId, now, expiresAt],
  );
  return { token, expiresAt };
}

/** The user behind a session token, if the session exists and has not expired at `now`. */
export async function findSessionUser(
  db: Queryable,
  token: string,
  now: Date,
): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  return rows[0];
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
