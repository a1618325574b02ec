import { useEffect } from 'react';
import { Inbox } from 'lucide-react';
import { toast } from 'sonner';
import { messages, RECENT_WITHDRAWALS, type Withdrawal } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatInr } from '@/lib/format.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { useCancelWithdrawal } from '@/features/wallet/api/cancel-withdrawal.ts';
import { useWithdrawals } from '@/features/wallet/api/get-withdrawals.ts';
import { Panel } from './wallet-frame.tsx';

/** Not in the contracts' messages yet; the server's own message is shown when there is one. */
const CANCEL_FAILED = messages.withdrawals.cancelFailed;

const maskedAccount = (w: Withdrawal) =>
  `${w.bankAccount.bankName} •••• ${w.bankAccount.accountNumber.slice(-4)}`;

/** '24 Nov 2026' over '02:28 PM', so the table's columns stay wide enough in the wallet's panel. */
function DateLines({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(', ');
  return (
    <>
      <span className="block">{day}</span>
      <span className="block text-xs text-subtle">{time}</span>
    </>
  );
}

/** The UTR of a paid withdrawal, or why it was rejected. */
function Outcome({ withdrawal: w }: { withdrawal: Withdrawal }) {
  if (w.status === 'paid' && w.utrNumber) {
    return (
      <p className="mt-1 text-xs text-subtle">
        UTR <span className="font-mono text-ink">{w.utrNumber}</span>
      </p>
    );
  }
  if (w.status === 'rejected' && w.rejectionReason) {
    return <p className="mt-1 ml-auto max-w-52 text-xs text-down">Reason: {w.rejectionReason}</p>;
  }
  return null;
}

/** The 10 most recent withdrawal requests; a pending one can still be cancelled. */
export function RecentWithdrawals() {
  const withdrawals = useWithdrawals();
  const cancel = useCancelWithdrawal();
  const { setBalances } = useAuth();
  useEffect(() => {
    if (withdrawals.isError) {
      toast.error(messages.withdrawals.fetchFailed, { id: 'withdrawals-fetch' });
    }
  }, [withdrawals.isError]);

  const cancellingId = cancel.isPending ? cancel.variables : null;
  function onCancel(w: Withdrawal) {
    cancel.mutate(w.id, {
      onSuccess: (answer) => {
        setBalances(answer.balances);
        toast.success(messages.withdrawals.cancelled);
      },
      onError: (err) => toast.error(errorMessage(err, CANCEL_FAILED)),
    });
  }
  const cancelButton = (w: Withdrawal) =>
    w.status === 'pending' ? (
      <Button
        size="sm"
        variant="outline"
        disabled={cancellingId !== null}
        onClick={() => onCancel(w)}
        aria-label={`Cancel withdrawal of ${formatInr(w.amount)}`}
      >
        {cancellingId === w.id ? 'Cancelling...' : 'Cancel'}
      </Button>
    ) : null;

  const list = withdrawals.data?.withdrawals ?? [];
  return (
    <Panel
      title="Recent Withdrawals"
      aside={<span className="text-xs text-subtle">Last {RECENT_WITHDRAWALS}</span>}
    >
      {withdrawals.isPending ? (
        <div className="space-y-2" aria-label="Loading withdrawals" role="status">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-12 animate-shimmer rounded-lg bg-raised" />
          ))}
        </div>
      ) : withdrawals.isError && list.length === 0 ? (
        <p
          role="alert"
          className="rounded-lg border border-down/30 bg-down/10 p-4 text-sm text-down"
        >
          {messages.withdrawals.fetchFailed}
        </p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center">
          <Inbox className="size-8 text-subtle" aria-hidden="true" />
          <p className="text-sm font-medium text-ink">No withdrawals yet</p>
          <p className="text-sm text-muted">
            Your withdrawal requests will show here with their status.
          </p>
        </div>
      ) : (
        <>
          <table className="hidden w-full text-sm sm:table" aria-label="Recent withdrawals">
            <thead>
              <tr className="border-b border-line text-left text-xs tracking-wide text-subtle uppercase">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date &amp; Time
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Account
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
              {list.map((w) => (
                <tr key={w.id} className="border-b border-line/60 align-top last:border-0">
                  <td className="py-3 pr-3 whitespace-nowrap text-muted">
                    <DateLines iso={w.createdAt} />
                  </td>
                  <td className="py-3 pr-3">
                    <span className="block text-ink">{w.bankAccount.bankName}</span>
                    <span className="block font-mono text-xs text-muted">
                      •••• {w.bankAccount.accountNumber.slice(-4)}
                    </span>
                  </td>
                  <td className="py-3 pr-3 text-right font-semibold tabular-nums whitespace-nowrap text-ink">
                    {formatInr(w.amount)}
                  </td>
                  <td className="py-3 text-right">
                    <div className="flex items-center justify-end gap-2">
                      {cancelButton(w)}
                      <StatusBadge status={w.status} />
                    </div>
                    <Outcome withdrawal={w} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-line sm:hidden" aria-label="Recent withdrawals">
            {list.map((w) => (
              <li key={w.id} className="py-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold tabular-nums text-ink">{formatInr(w.amount)}</p>
                    <p className="mt-0.5 truncate text-xs text-muted">{maskedAccount(w)}</p>
                    <p className="mt-0.5 text-xs text-subtle">{formatDateTime(w.createdAt)}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {cancelButton(w)}
                    <StatusBadge status={w.status} />
                  </div>
                </div>
                <Outcome withdrawal={w} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
