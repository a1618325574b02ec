import { SESSION_TTL_MS } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import type { UserRow } from '../users/user-row.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** How a session was opened (sessions.method): what proved the user. */
export type SessionMethod = 'signup' | 'password' | 'two_factor' | 'passkey';

/** Where a request comes from, as the sessions list and the sign-in history show it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export async function createSession(
  db: Queryable,
  userId: string,
  now: Date,
  client: ClientInfo = { ip: '', userAgent: '' },
  method: SessionMethod = 'password',
): Promise<NewSession> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at, ip, user_agent, method)
     VALUES ($1, $2, $3, $4, $3, $5, $6, $7)`,
    [hashToken(token), userId, now, expiresAt, client.ip, client.userAgent.slice(0, 400), method],
  );
  return { token, expiresAt };
}

/** A session's user with the session's own id and last use (session_id, session_last_seen_at). */
export type SessionUserRow = UserRow & { session_id: string; session_last_seen_at: Date };

/** The user behind a session token, if the session exists and has not expired at `now`. */
export async function findSessionUser(
  db: Queryable,
  token: string,
  now: Date,
): Promise<SessionUserRow | undefined> {
  const rows = await db.query<SessionUserRow>(
    `SELECT u.*, s.id::text AS session_id, s.last_seen_at AS session_last_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  return rows[0];
}

/** A session's "last seen" moves at most this often (one UPDATE a minute per active session). */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export async function touchSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $3', [
    sessionId,
    now,
    new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS),
  ]);
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
