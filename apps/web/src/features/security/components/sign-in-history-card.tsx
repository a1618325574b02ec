import { useState } from 'react';
import { History } from 'lucide-react';
import type { SignInEvent } from '@sikka/contracts';
import { SIGN_IN_HISTORY_DAYS, SIGN_IN_PAGE_SIZE } from '@sikka/contracts';
import { formatDateTime } from '@/lib/format-date.ts';
import { Pager } from '@/components/ui/pager.tsx';
import { ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { useSignIns } from '@/features/security/api/get-sign-ins.ts';
import { METHOD_TEXT, OUTCOME_TEXT } from '@/features/security/lib/security-text.ts';
import { CardSkeleton, Pill, SecurityCard } from './security-card.tsx';

const FETCH_FAILED = 'Your sign-in history could not be loaded.';

function Outcome({ event }: { event: SignInEvent }) {
  const tone =
    event.outcome === 'success'
      ? 'success'
      : event.outcome === 'code_required'
        ? 'neutral'
        : 'danger';
  return <Pill tone={tone}>{OUTCOME_TEXT[event.outcome]}</Pill>;
}

function Device({ event }: { event: SignInEvent }) {
  return (
    <>
      {event.device}
      {event.newDevice ? <span className="ml-2 text-xs text-accent">New device</span> : null}
    </>
  );
}

const columns: ReadonlyArray<TableColumn<SignInEvent>> = [
  {
    header: 'Time',
    cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
    className: 'whitespace-nowrap text-muted',
  },
  { header: 'Device', cell: (e) => <Device event={e} />, className: 'text-ink' },
  { header: 'IP address', cell: (e) => e.ip, className: 'font-mono text-xs text-muted' },
  { header: 'Method', cell: (e) => METHOD_TEXT[e.method], className: 'text-muted' },
  { header: 'Result', cell: (e) => <Outcome event={e} />, right: true },
];

function EventCard({ event }: { event: SignInEvent }) {
  return (
    <div className="py-3 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-ink">
          <Device event={event} />
        </p>
        <Outcome event={event} />
      </div>
      <p className="mt-0.5 text-xs text-subtle">
        <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time> ·{' '}
        {METHOD_TEXT[event.method]}
      </p>
      <p className="font-mono text-xs break-all text-subtle">{event.ip}</p>
    </div>
  );
}

/** Every sign-in attempt of the last 90 days, 20 a page. */
export function SignInHistoryCard() {
  const [page, setPage] = useState(1);
  const history = useSignIns(page);
  const data = history.data;
  return (
    <SecurityCard
      title="Sign-in history"
      icon={History}
      description={`Every attempt to sign in to your account in the last ${SIGN_IN_HISTORY_DAYS} days.`}
    >
      {history.isPending ? (
        <CardSkeleton label="Loading sign-in history" rows={3} />
      ) : history.isError && !data ? (
        <RetryAlert message={FETCH_FAILED} onRetry={() => void history.refetch()} />
      ) : data && data.items.length === 0 ? (
        <p className="rounded-lg bg-canvas px-3.5 py-3 text-sm text-muted">No sign-ins yet.</p>
      ) : data ? (
        <div className="space-y-4" aria-busy={history.isPlaceholderData || undefined}>
          <ResponsiveTable
            layout="page"
            label="Sign-in history"
            columns={columns}
            rows={data.items}
            rowKey={(e) => e.id}
            card={(e) => <EventCard event={e} />}
          />
          <Pager
            variant="numbers"
            page={data.page}
            pageSize={data.pageSize || SIGN_IN_PAGE_SIZE}
            total={data.total}
            selected={page}
            onPage={setPage}
          />
        </div>
      ) : null}
    </SecurityCard>
  );
}
