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

/**
 * Which of these session hashes still name a live session at `now`: one query per `batch`
 * hashes, however many sockets hold them (realtime/hub.ts re-checks its sockets with it).
 */
export async function liveSessionHashes(
  db: Queryable,
  hashes: readonly string[],
  now: Date,
  batch = 1000,
): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < hashes.length; i += batch) {
    const rows = await db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE token_hash = ANY($1::text[]) AND expires_at > $2',
      [hashes.slice(i, i + batch), now],
    );
    for (const r of rows) live.add(r.token_hash);
  }
  return live;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
