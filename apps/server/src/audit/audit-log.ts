import type { AuditEntry } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { containsPattern } from '../db/query-helpers.ts';

/**
 * Names the acting user for the audit triggers of this transaction (migration 007). Call it
 * inside the transaction that makes the decision; it ends with the transaction.
 */
export async function setAuditActor(tx: Queryable, actorId: string): Promise<void> {
  await tx.query("SELECT set_config('sikka.actor_id', $1, true)", [actorId]);
}

interface AuditRow {
  [key: string]: unknown;
  id: string;
  action: string;
  target_type: AuditEntry['targetType'];
  target_id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  created_at: Date;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  subject_id: string | null;
  subject_email: string | null;
  subject_name: string | null;
}

function person(id: string | null, email: string | null, fullName: string | null) {
  return id && email !== null && fullName !== null ? { id, email, fullName } : null;
}

/** Newest first; `search` matches the actor's or the subject's name or e-mail, or the action. */
export async function listAudit(
  db: Queryable,
  { page, pageSize, search }: { page: number; pageSize: number; search?: string | undefined },
): Promise<{ items: AuditEntry[]; total: number }> {
  const pattern = search ? containsPattern(search) : null;
  const where = `($1::text IS NULL OR a.action ILIKE $1 OR ac.email ILIKE $1 OR ac.full_name ILIKE $1
                 OR su.email ILIKE $1 OR su.full_name ILIKE $1)`;
  const from = `FROM audit_log a
      LEFT JOIN users ac ON ac.id = a.actor_id
      LEFT JOIN users su ON su.id = a.subject_user_id`;
  const rows = await db.query<AuditRow>(
    `SELECT a.id::text AS id, a.action, a.target_type, a.target_id::text AS target_id, a.before, a.after,
            a.created_at, a.actor_id::text AS actor_id, ac.email AS actor_email, ac.full_name AS actor_name,
            su.id::text AS subject_id, su.email AS subject_email, su.full_name AS subject_name
       ${from} WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT $2 OFFSET $3`,
    [pattern, pageSize, (page - 1) * pageSize],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where}`, [
    pattern,
  ]);
  return {
    total: count[0]?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor: person(r.actor_id, r.actor_email, r.actor_name),
      targetType: r.target_type,
      targetId: r.target_id,
      subject: person(r.subject_id, r.subject_email, r.subject_name),
      before: r.before,
      after: r.after,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
