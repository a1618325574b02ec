import { toast } from 'sonner';
import { messages, RECENT_WITHDRAWALS, type Withdrawal } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatInr } from '@/lib/format.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import type { TableColumn } from '@/components/ui/responsive-table.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { useCancelWithdrawal } from '@/features/wallet/api/cancel-withdrawal.ts';
import { useWithdrawals } from '@/features/wallet/api/get-withdrawals.ts';
import { CancelRequestButton, DateLines, RecentRequests } from './recent-requests.tsx';

/** Not in the contracts' messages yet; the server's own message is shown when there is one. */
const CANCEL_FAILED = messages.withdrawals.cancelFailed;

const maskedAccount = (w: Withdrawal) =>
  `${w.bankAccount.bankName} •••• ${w.bankAccount.accountNumber.slice(-4)}`;

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
      <CancelRequestButton
        label={`withdrawal of ${formatInr(w.amount)}`}
        id={w.id}
        cancellingId={cancellingId}
        onCancel={() => onCancel(w)}
      />
    ) : null;

  const columns: ReadonlyArray<TableColumn<Withdrawal>> = [
    {
      header: 'Date & Time',
      className: 'whitespace-nowrap text-muted',
      cell: (w) => <DateLines iso={w.createdAt} />,
    },
    {
      header: 'Account',
      cell: (w) => (
        <>
          <span className="block text-ink">{w.bankAccount.bankName}</span>
          <span className="block font-mono text-xs text-muted">
            •••• {w.bankAccount.accountNumber.slice(-4)}
          </span>
        </>
      ),
    },
    {
      header: 'Amount',
      right: true,
      className: 'font-semibold tabular-nums whitespace-nowrap text-ink',
      cell: (w) => formatInr(w.amount),
    },
    {
      header: 'Status',
      right: true,
      cell: (w) => (
        <>
          <div className="flex items-center justify-end gap-2">
            {cancelButton(w)}
            <StatusBadge status={w.status} />
          </div>
          <Outcome withdrawal={w} />
        </>
      ),
    },
  ];

  return (
    <RecentRequests
      title="Recent Withdrawals"
      noun="withdrawals"
      limit={RECENT_WITHDRAWALS}
      emptyHint="Your withdrawal requests will show here with their status."
      query={withdrawals}
      rows={withdrawals.data?.withdrawals ?? []}
      failedMessage={messages.withdrawals.fetchFailed}
      columns={columns}
      alignTop
      cardClassName="py-3"
      card={(w) => (
        <>
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
        </>
      )}
    />
  );
}
