import { messages, RECENT_DEPOSITS, type Deposit } from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import type { TableColumn } from '@/components/ui/responsive-table.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { useDeposits } from '@/features/wallet/api/get-deposits.ts';
import { RecentRequests } from './recent-requests.tsx';

/** A rejected request's reason, as the admin gave it. */
function RejectionReason({ deposit }: { deposit: Deposit }) {
  if (deposit.status !== 'rejected' || !deposit.rejectionReason) return null;
  return <p className="mt-1 text-xs text-subtle">{deposit.rejectionReason}</p>;
}

const columns: ReadonlyArray<TableColumn<Deposit>> = [
  {
    header: 'Date & Time',
    className: 'whitespace-nowrap text-muted',
    cell: (d) => formatDateTime(d.createdAt),
  },
  { header: 'UTR Number', className: 'font-mono text-xs text-ink', cell: (d) => d.utrNumber },
  {
    header: 'Amount',
    right: true,
    className: 'font-semibold tabular-nums text-ink',
    cell: (d) => formatInr(d.amount),
  },
  {
    header: 'Status',
    right: true,
    cell: (d) => (
      <>
        <StatusBadge status={d.status} />
        <RejectionReason deposit={d} />
      </>
    ),
  },
];

/** The 10 most recent deposit requests with date/time, UTR, amount and status. */
export function RecentDeposits() {
  const deposits = useDeposits();
  return (
    <RecentRequests
      title="Recent Deposits"
      noun="deposits"
      limit={RECENT_DEPOSITS}
      emptyHint="Your deposit requests will show here with their status."
      query={deposits}
      rows={deposits.data?.deposits ?? []}
      failedMessage={messages.deposits.fetchFailed}
      columns={columns}
      cardClassName="flex items-center justify-between gap-3 py-3"
      card={(d) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold tabular-nums text-ink">{formatInr(d.amount)}</p>
            <p className="mt-0.5 truncate font-mono text-xs text-muted">{d.utrNumber}</p>
            <p className="mt-0.5 text-xs text-subtle">{formatDateTime(d.createdAt)}</p>
            {/* Why it was refused, on a phone as in the desktop table. */}
            <RejectionReason deposit={d} />
          </div>
          <StatusBadge status={d.status} />
        </>
      )}
    />
  );
}
