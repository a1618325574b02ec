import type { AuditEntry } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { containsPattern } from '../db/query-helpers.ts';

/** Who makes a decision the audit log records, and from which client address. */
export interface AuditActor {
  id: string;
  /** the request's address (`request.ip`: the proxy's client when TRUST_PROXY is set) */
  ip: string;
}

/**
 * Names the acting user and their address for the audit triggers of this transaction
 * (migration 007). Call it inside the transaction that makes the decision; it ends with the
 * transaction.
 */
export async function setAuditActor(tx: Queryable, actor: AuditActor): Promise<void> {
  await tx.query(
    "SELECT set_config('sikka.actor_id', $1, true), set_config('sikka.actor_ip', $2, true)",
    [actor.id, actor.ip],
  );
}

/** Account security events (migration 020, ADR 017), in the audit log under the user. */
export type SecurityAction =
  | 'security.password_changed'
  | 'security.password_reset'
  | 'security.email_verified'
  | 'security.email_change_requested'
  | 'security.email_changed'
  | 'security.totp_enabled'
  | 'security.totp_disabled'
  | 'security.backup_codes_regenerated'
  | 'security.passkey_added'
  | 'security.passkey_removed'
  | 'security.anti_phishing_code_set'
  | 'security.anti_phishing_code_removed'
  | 'security.account_frozen'
  | 'security.account_unfrozen'
  | 'security.sessions_revoked';

/**
 * Appends one security event of `userId`'s account: done by `actorId` (the user, or an admin),
 * from `ip`, with what changed in `after` (never a secret: no codes, no passwords, no tokens).
 */
export async function recordSecurityEvent(
  db: Queryable,
  event: {
    userId: string;
    actorId?: string;
    action: SecurityAction;
    ip: string;
    after?: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, subject_user_id, before, after, actor_ip)
     VALUES ($1, $2, 'user', $3, $3, '{}'::jsonb, $4::jsonb, nullif($5, ''))`,
    [
      event.actorId ?? event.userId,
      event.action,
      event.userId,
      JSON.stringify(event.after ?? {}),
      event.ip,
    ],
  );
}

interface AuditRow {
  [key: string]: unknown;
  id: string;
  action: string;
  target_type: AuditEntry['targetType'];
  target_id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  actor_ip: string | null;
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

/** The audit list's filters (admin.ts auditQuerySchema); days are India calendar days. */
export interface AuditFilter {
  search?: string | undefined;
  /** an action prefix: 'security.', 'kyc.verified' */
  action?: string | undefined;
  targetType?: AuditEntry['targetType'] | undefined;
  actorId?: string | undefined;
  subjectId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause and its parameters for `filter` (parameters from $1). */
function auditWhere(filter: AuditFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.search) {
    add(
      (p) => `(a.action ILIKE ${p} OR ac.email ILIKE ${p} OR ac.full_name ILIKE ${p}
               OR su.email ILIKE ${p} OR su.full_name ILIKE ${p} OR a.actor_ip ILIKE ${p})`,
      containsPattern(filter.search),
    );
  }
  if (filter.action) add((p) => `a.action LIKE ${p}`, likePrefix(filter.action));
  if (filter.targetType) add((p) => `a.target_type = ${p}`, filter.targetType);
  if (filter.actorId) add((p) => `a.actor_id = ${p}::uuid`, filter.actorId);
  if (filter.subjectId) add((p) => `a.subject_user_id = ${p}::uuid`, filter.subjectId);
  if (filter.from) {
    add((p) => `a.created_at >= (${p}::date::timestamp AT TIME ZONE 'Asia/Kolkata')`, filter.from);
  }
  if (filter.to) {
    add(
      (p) => `a.created_at < ((${p}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`,
      filter.to,
    );
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const AUDIT_FROM = `FROM audit_log a
      LEFT JOIN users ac ON ac.id = a.actor_id
      LEFT JOIN users su ON su.id = a.subject_user_id`;
const AUDIT_COLUMNS = `a.id::text AS id, a.action, a.target_type, a.target_id::text AS target_id, a.before,
       a.after, a.actor_ip, a.created_at, a.actor_id::text AS actor_id, ac.email AS actor_email,
       ac.full_name AS actor_name, su.id::text AS subject_id, su.email AS subject_email,
       su.full_name AS subject_name`;

const toEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  action: r.action,
  actor: person(r.actor_id, r.actor_email, r.actor_name),
  targetType: r.target_type,
  targetId: r.target_id,
  subject: person(r.subject_id, r.subject_email, r.subject_name),
  before: r.before,
  after: r.after,
  actorIp: r.actor_ip,
  createdAt: r.created_at.toISOString(),
});

/** Newest first, a page at a time; `search` matches names, e-mails, the action or the address. */
export async function listAudit(
  db: Queryable,
  { page, pageSize, ...filter }: AuditFilter & { page: number; pageSize: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const { where, params } = auditWhere(filter);
  const n = params.length;
  const rows = await db.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} ${AUDIT_FROM} ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n ${AUDIT_FROM} ${where}`,
    params,
  );
  return { total: count[0]?.n ?? 0, items: rows.map(toEntry) };
}

/** Every entry matching `filter`, newest first, in batches (the CSV export streams them). */
export async function* auditEntries(
  db: Queryable,
  filter: AuditFilter,
  batch = 1000,
): AsyncGenerator<AuditEntry[]> {
  const { where, params } = auditWhere(filter);
  const n = params.length;
  for (let offset = 0; ; offset += batch) {
    const rows = await db.query<AuditRow>(
      `SELECT ${AUDIT_COLUMNS} ${AUDIT_FROM} ${where}
        ORDER BY a.created_at DESC, a.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, batch, offset],
    );
    if (rows.length > 0) yield rows.map(toEntry);
    if (rows.length < batch) return;
  }
}
