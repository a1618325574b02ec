import { ArrowRight } from 'lucide-react';
import type { AuditEntry } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatInr } from '@/lib/format.ts';
import { adminAuditQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { AdminListTab } from './admin-list-tab.tsx';
import type { Column } from './admin-table.tsx';
import { PersonCell } from './person-cell.tsx';

/** Not a spec message: the spec has no audit log (issue 5 adds it). */
const FETCH_FAILED = 'Failed to fetch the audit log';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** 'kyc.verified' → 'KYC', 'deposit.rejected' → 'Deposit'. */
function subjectKind(entry: AuditEntry): string {
  return entry.targetType === 'user' ? 'KYC' : 'Deposit';
}

/** The status change, and what came with it: the reason, the deposit amount and UTR. */
function Change({ entry }: { entry: AuditEntry }) {
  const key = entry.targetType === 'user' ? 'kycStatus' : 'status';
  const before = text(entry.before[key]);
  const after = text(entry.after[key]);
  const reason = text(entry.after.kycRejectedReason) ?? text(entry.after.rejectionReason);
  const amount = text(entry.after.amount);
  const utr = text(entry.after.utrNumber);
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-xs font-semibold text-muted">{subjectKind(entry)}</span>
        {before ? <StatusBadge status={before} /> : null}
        <ArrowRight className="size-3.5 text-subtle" aria-label="to" />
        {after ? <StatusBadge status={after} /> : null}
      </div>
      {amount || utr ? (
        <p className="text-xs text-muted">
          {amount ? formatInr(amount) : null}
          {amount && utr ? ' · ' : null}
          {utr ? <span className="font-mono">UTR {utr}</span> : null}
        </p>
      ) : null}
      {reason ? <p className="text-xs break-words text-muted">Reason: {reason}</p> : null}
    </div>
  );
}

function Person({ person }: { person: AuditEntry['actor'] }) {
  return person ? <PersonCell name={person.fullName} email={person.email} /> : <>—</>;
}

const columns: ReadonlyArray<Column<AuditEntry>> = [
  { key: 'when', header: 'When', cell: (e) => <DateTime iso={e.createdAt} />, nowrap: true },
  { key: 'change', header: 'Decision', cell: (e) => <Change entry={e} /> },
  { key: 'subject', header: 'User', cell: (e) => <Person person={e.subject} /> },
  { key: 'actor', header: 'By', cell: (e) => <Person person={e.actor} /> },
];

/**
 * The append-only audit log: every KYC and deposit decision, who made it and when, before →
 * after. Read-only; the server writes it from database triggers.
 */
export function AuditTab() {
  return (
    <AdminListTab
      queryOptions={adminAuditQueryOptions}
      searchLabel="Search the audit log"
      searchPlaceholder="Search by name, email or action"
      failedMessage={FETCH_FAILED}
      label="Audit log"
      columns={columns}
      cardTitle={(e) => <Change entry={e} />}
      cardSkip={['change']}
      empty="No decisions recorded yet"
    />
  );
}
