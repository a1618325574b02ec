import { useEffect } from 'react';
import { Inbox } from 'lucide-react';
import { toast } from 'sonner';
import { messages, RECENT_DEPOSITS, type Deposit } from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { useDeposits } from '@/features/wallet/api/get-deposits.ts';
import { Panel } from './wallet-frame.tsx';

/** The 10 most recent deposit requests with date/time, UTR, amount and status. */
export function RecentDeposits() {
  const deposits = useDeposits();
  useEffect(() => {
    if (deposits.isError) toast.error(messages.deposits.fetchFailed, { id: 'deposits-fetch' });
  }, [deposits.isError]);

  const list = deposits.data?.deposits ?? [];
  return (
    <Panel
      title="Recent Deposits"
      aside={<span className="text-xs text-subtle">Last {RECENT_DEPOSITS}</span>}
    >
      {deposits.isPending ? (
        <div className="space-y-2" aria-label="Loading deposits" role="status">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-12 animate-shimmer rounded-lg bg-raised" />
          ))}
        </div>
      ) : deposits.isError && list.length === 0 ? (
        <p
          role="alert"
          className="rounded-lg border border-down/30 bg-down/10 p-4 text-sm text-down"
        >
          {messages.deposits.fetchFailed}
        </p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center">
          <Inbox className="size-8 text-subtle" aria-hidden="true" />
          <p className="text-sm font-medium text-ink">No deposits yet</p>
          <p className="text-sm text-muted">
            Your deposit requests will show here with their status.
          </p>
        </div>
      ) : (
        <>
          <table className="hidden w-full text-sm sm:table" aria-label="Recent deposits">
            <thead>
              <tr className="border-b border-line text-left text-xs tracking-wide text-subtle uppercase">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date &amp; Time
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  UTR Number
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <DepositRow key={d.id} deposit={d} />
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-line sm:hidden" aria-label="Recent deposits">
            {list.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold tabular-nums text-ink">{formatInr(d.amount)}</p>
                  <p className="mt-0.5 truncate font-mono text-xs text-muted">{d.utrNumber}</p>
                  <p className="mt-0.5 text-xs text-subtle">{formatDateTime(d.createdAt)}</p>
                </div>
                <StatusBadge status={d.status} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  return (
    <tr className="border-b border-line/60 last:border-0">
      <td className="py-3 pr-3 whitespace-nowrap text-muted">
        {formatDateTime(deposit.createdAt)}
      </td>
      <td className="py-3 pr-3 font-mono text-xs text-ink">{deposit.utrNumber}</td>
      <td className="py-3 pr-3 text-right font-semibold tabular-nums text-ink">
        {formatInr(deposit.amount)}
      </td>
      <td className="py-3 text-right">
        <StatusBadge status={deposit.status} />
        {deposit.status === 'rejected' && deposit.rejectionReason ? (
          <p className="mt-1 text-xs text-subtle">{deposit.rejectionReason}</p>
        ) : null}
      </td>
    </tr>
  );
}
