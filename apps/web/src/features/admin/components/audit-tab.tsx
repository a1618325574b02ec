import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { AuditEntry } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatInr } from '@/lib/format.ts';
import { adminAuditQueryOptions } from '@/features/admin/api/admin-audit.ts';
import { useAuditFilters } from '@/features/admin/hooks/use-audit-filters.ts';
import { AdminTable, type Column } from './admin-table.tsx';
import { AuditFiltersBar } from './audit-filters.tsx';
import { PagedListState } from './list-state.tsx';
import { PersonCell } from './person-cell.tsx';

/** Not a spec message: the spec has no audit log (issue 5 adds it). */
const FETCH_FAILED = 'Failed to fetch the audit log';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** What an action is about, by its prefix: 'kyc.verified' → 'KYC'. */
const KINDS: Record<string, string> = {
  kyc: 'KYC',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  chain_withdrawal: 'Crypto withdrawal',
  bank_account: 'Bank account',
  security: 'Security',
};

function kindOf(entry: AuditEntry): string {
  const prefix = entry.action.split('.')[0] ?? '';
  return KINDS[prefix] ?? prefix;
}

/** The account-security events in words (ADR 017); anything newer reads from its name. */
const SECURITY_WORDS: Record<string, string> = {
  'security.password_changed': 'Password changed',
  'security.password_reset': 'Password reset by e-mail link',
  'security.totp_enabled': 'Two-factor turned on',
  'security.totp_disabled': 'Two-factor turned off',
  'security.backup_codes_regenerated': 'New backup codes',
  'security.passkey_added': 'Passkey added',
  'security.passkey_removed': 'Passkey removed',
  'security.sessions_revoked': 'Sessions signed out',
  'security.email_verified': 'Email verified',
  'security.email_change_requested': 'Email change asked for',
  'security.email_changed': 'Email changed',
  'security.anti_phishing_code_set': 'Anti-phishing code set',
  'security.anti_phishing_code_removed': 'Anti-phishing code removed',
  'security.account_frozen': 'Account frozen',
  'security.account_unfrozen': 'Account unfrozen',
};

/** 'security.totp_enabled' → 'Two-factor turned on'; 'kyc.something_new' → 'Something new'. */
function actionWords(action: string): string {
  const known = SECURITY_WORDS[action];
  if (known) return known;
  const rest = action.slice(action.indexOf('.') + 1).replaceAll('_', ' ');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The status change (or, for a security event, what happened), and what came with it. */
function Change({ entry }: { entry: AuditEntry }) {
  const key = entry.targetType === 'user' ? 'kycStatus' : 'status';
  const before = text(entry.before[key]);
  const after = text(entry.after[key]);
  const reason = text(entry.after.kycRejectedReason) ?? text(entry.after.rejectionReason);
  const amount = text(entry.after.amount);
  const utr = text(entry.after.utrNumber);
  const statusChange = before !== null || after !== null;
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-xs font-semibold text-muted">{kindOf(entry)}</span>
        {statusChange ? (
          <>
            {before ? <StatusBadge status={before} /> : null}
            <ArrowRight className="size-3.5 text-subtle" aria-label="to" />
            {after ? <StatusBadge status={after} /> : null}
          </>
        ) : (
          <span className="text-sm text-ink">{actionWords(entry.action)}</span>
        )}
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

/** Who acted, and from which address when the server recorded one. */
function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <div className="min-w-0">
      <Person person={entry.actor} />
      {entry.actorIp ? (
        <p className="mt-0.5 font-mono text-xs break-all text-subtle">from {entry.actorIp}</p>
      ) : null}
    </div>
  );
}

const columns: ReadonlyArray<Column<AuditEntry>> = [
  { key: 'when', header: 'When', cell: (e) => <DateTime iso={e.createdAt} />, nowrap: true },
  { key: 'change', header: 'Event', cell: (e) => <Change entry={e} /> },
  { key: 'subject', header: 'User', cell: (e) => <Person person={e.subject} /> },
  { key: 'actor', header: 'By', cell: (e) => <Actor entry={e} /> },
];

/**
 * The append-only audit log: every KYC, money and bank-account decision and every account
 * security event, who did it, from where and when, before → after. Read-only; filterable by
 * kind and dates, and downloadable as CSV with the same filters.
 */
export function AuditTab() {
  const audit = useAuditFilters();
  const query = useQuery(adminAuditQueryOptions(audit.params));
  return (
    <div className="space-y-4">
      <AuditFiltersBar filters={audit.filters} applied={audit.applied} onChange={audit.set} />
      <PagedListState query={query} failedMessage={FETCH_FAILED} onPage={audit.setPage}>
        {(items) => (
          <AdminTable
            label="Audit log"
            columns={columns}
            rows={items}
            rowKey={(e) => e.id}
            cardTitle={(e) => <Change entry={e} />}
            cardSkip={['change']}
            empty="No entries match these filters"
          />
        )}
      </PagedListState>
    </div>
  );
}
