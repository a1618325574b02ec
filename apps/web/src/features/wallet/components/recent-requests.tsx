import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ResponsiveTable, type ResponsiveTableProps } from '@/components/ui/responsive-table.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { Panel } from './wallet-frame.tsx';

export interface RecentRequestsProps<T extends { id: string }> extends Pick<
  ResponsiveTableProps<T>,
  'columns' | 'alignTop' | 'card' | 'cardClassName'
> {
  /** The panel's heading, e.g. 'Recent Deposits'. */
  title: string;
  /** What the requests are, e.g. 'deposits': 'Recent deposits', 'No deposits yet'. */
  noun: string;
  /** How many the server sends at most. */
  limit: number;
  /** Under 'No deposits yet'. */
  emptyHint: string;
  query: Pick<UseQueryResult, 'isPending' | 'isError'>;
  rows: readonly T[];
  failedMessage: string;
}

/**
 * The user's most recent requests of one kind (deposits, withdrawals) in a wallet panel: rows
 * on their way, the failure, an empty state, or the table (cards on phones). A failed refetch
 * keeps the rows already shown and says so in a toast.
 */
export function RecentRequests<T extends { id: string }>({
  title,
  noun,
  limit,
  emptyHint,
  query,
  rows,
  failedMessage,
  ...table
}: RecentRequestsProps<T>) {
  useEffect(() => {
    if (query.isError) toast.error(failedMessage, { id: `${noun}-fetch` });
  }, [query.isError, failedMessage, noun]);

  return (
    <Panel title={title} aside={<span className="text-xs text-subtle">Last {limit}</span>}>
      {query.isPending ? (
        <div className="space-y-2" aria-label={`Loading ${noun}`} role="status">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-12 animate-shimmer rounded-lg bg-raised" />
          ))}
        </div>
      ) : query.isError && rows.length === 0 ? (
        <p
          role="alert"
          className="rounded-lg border border-down/30 bg-down/10 p-4 text-sm text-down"
        >
          {failedMessage}
        </p>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center">
          <Inbox className="size-8 text-subtle" aria-hidden="true" />
          <p className="text-sm font-medium text-ink">{`No ${noun} yet`}</p>
          <p className="text-sm text-muted">{emptyHint}</p>
        </div>
      ) : (
        <ResponsiveTable
          {...table}
          layout="panel"
          label={`Recent ${noun}`}
          rows={rows}
          rowKey={(row) => row.id}
        />
      )}
    </Panel>
  );
}

/** '24 Nov 2026' over '02:28 PM', so the lists' columns stay wide enough in the wallet's panel. */
export function DateLines({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(', ');
  return (
    <>
      <span className="block">{day}</span>
      <span className="block text-xs text-subtle">{time}</span>
    </>
  );
}

/** Cancel of a pending request; all are disabled while one cancellation is in flight. */
export function CancelRequestButton({
  label,
  cancellingId,
  id,
  onCancel,
}: {
  /** what is cancelled, for screen readers: 'withdrawal of ₹1,000.00' */
  label: string;
  cancellingId: string | null;
  id: string;
  onCancel(): void;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={cancellingId !== null}
      onClick={onCancel}
      aria-label={`Cancel ${label}`}
    >
      {cancellingId === id ? 'Cancelling...' : 'Cancel'}
    </Button>
  );
}
