import type { SessionInfo } from '@sikka/contracts';
import type { Db, Queryable } from '../db/index.ts';
import { notFound } from '../domain-error.ts';
import { messages } from '@sikka/contracts';
import { recordSecurityEvent } from '../audit/audit-log.ts';
import { describeDevice } from './devices.ts';

/** The user's live sessions, the current one first, then by last use. */
export async function listSessions(
  db: Queryable,
  userId: string,
  currentSessionId: string,
  now: Date,
): Promise<SessionInfo[]> {
  const rows = await db.query<{
    id: string;
    user_agent: string;
    ip: string;
    created_at: Date;
    last_seen_at: Date;
  }>(
    `SELECT id::text AS id, user_agent, ip, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND expires_at > $2
      ORDER BY (id = $3::uuid) DESC, last_seen_at DESC, created_at DESC`,
    [userId, now, currentSessionId],
  );
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.user_agent),
    ip: r.ip,
    createdAt: r.created_at.toISOString(),
    lastSeenAt: r.last_seen_at.toISOString(),
    current: r.id === currentSessionId,
  }));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ends one of the user's sessions (only their own: another user's id is "not found"). Open
 * sockets of that session close as soon as the deletion commits: a trigger (migration 039)
 * notifies `session_ended`, and each instance's realtime hub re-checks that user's sockets
 * (ADR 040).
 */
export async function revokeSession(
  db: Db,
  userId: string,
  sessionId: string,
  ip: string,
): Promise<void> {
  if (!UUID_RE.test(sessionId)) throw notFound(messages.security.sessionNotFound);
  await db.transaction(async (tx) => {
    const rows = await tx.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING 1', [
      sessionId,
      userId,
    ]);
    if (rows.length === 0) throw notFound(messages.security.sessionNotFound);
    await recordSecurityEvent(tx, {
      userId,
      action: 'security.sessions_revoked',
      ip,
      after: { sessions: 1 },
    });
  });
}

/** Ends every session of the user but this one; how many ended. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  ip: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      'DELETE FROM sessions WHERE user_id = $1 AND id <> $2 RETURNING 1',
      [userId, currentSessionId],
    );
    if (rows.length > 0) {
      await recordSecurityEvent(tx, {
        userId,
        action: 'security.sessions_revoked',
        ip,
        after: { sessions: rows.length },
      });
    }
    return rows.length;
  });
}
