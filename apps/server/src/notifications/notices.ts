import type { NotificationsResponse } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';

/** The latest notices a list shows. */
export const NOTICES_SHOWN = 20;

export interface Notice {
  kind: string;
  title: string;
  body: string;
  link?: string;
}

/**
 * Adds an in-app notice (migration 020); its trigger NOTIFYs `user_notice` so the user's open
 * pages hear of it over the WebSocket, from whichever instance wrote it.
 */
export async function addNotice(
  db: Queryable,
  userId: string,
  notice: Notice,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO notifications (user_id, kind, title, body, link, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [userId, notice.kind, notice.title, notice.body, notice.link ?? null, now],
  );
}

export async function listNotices(db: Queryable, userId: string): Promise<NotificationsResponse> {
  const rows = await db.query<{
    id: string;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    created_at: Date;
    read_at: Date | null;
  }>(
    `SELECT id::text AS id, kind, title, body, link, created_at, read_at FROM notifications
      WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, NOTICES_SHOWN],
  );
  const unread = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: r.created_at.toISOString(),
      read: r.read_at !== null,
    })),
    unread: unread[0]?.n ?? 0,
  };
}

export async function markNoticesRead(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [
    userId,
    now,
  ]);
}
