import { toast } from 'sonner';
import { CHAIN_WITHDRAWALS_LIMIT, type ChainWithdrawal } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import type { TableColumn } from '@/components/ui/responsive-table.tsx';
import { useCancelChainWithdrawal } from '@/features/wallet/api/cancel-chain-withdrawal.ts';
import { useChainWithdrawals } from '@/features/wallet/api/get-chain-withdrawals.ts';
import { formatCoin, shortHex } from '@/features/wallet/lib/crypto-withdraw.ts';
import { CRYPTO_WITHDRAW_TEXT } from '@/features/wallet/lib/crypto-withdraw-text.ts';
import { ChainStatusBadge } from './crypto-withdraw-status.tsx';
import { CancelRequestButton, DateLines, RecentRequests } from './recent-requests.tsx';

/** The target address, whose wallet it is, and the transaction once signed; full values on hover. */
function Target({ withdrawal: w }: { withdrawal: ChainWithdrawal }) {
  return (
    <>
      <span className="block font-mono text-xs whitespace-nowrap text-ink" title={w.address}>
        {shortHex(w.address)}
      </span>
      {w.beneficiary.kind === 'third_party' && w.beneficiary.name ? (
        <span className="block max-w-36 truncate text-xs text-subtle">{w.beneficiary.name}</span>
      ) : null}
      {w.txHash ? (
        // On a narrow phone it wraps (after 'Tx' first) rather than running into the date beside it.
        <span className="block font-mono text-xs wrap-anywhere text-muted" title={w.txHash}>
          Tx {shortHex(w.txHash, 10, 8)}
        </span>
      ) : null}
    </>
  );
}

/** Why it was rejected or failed, under the status. */
function Outcome({ withdrawal: w }: { withdrawal: ChainWithdrawal }) {
  const reason =
    w.status === 'rejected' ? w.rejectionReason : w.status === 'failed' ? w.failureReason : null;
  if (!reason) return null;
  return <p className="mt-1 ml-auto max-w-56 text-xs text-down sm:text-right">Reason: {reason}</p>;
}

/** The user's recent crypto withdrawals, each moving live to Completed; pending ones cancel. */
export function CryptoWithdrawList() {
  const withdrawals = useChainWithdrawals();
  const cancel = useCancelChainWithdrawal();
  const { setBalances } = useAuth();

  const cancellingId = cancel.isPending ? cancel.variables : null;
  function onCancel(w: ChainWithdrawal) {
    cancel.mutate(w.id, {
      onSuccess: (answer) => {
        setBalances(answer.balances);
        toast.success(CRYPTO_WITHDRAW_TEXT.cancelled);
      },
      onError: (err) => toast.error(errorMessage(err, CRYPTO_WITHDRAW_TEXT.cancelFailed)),
    });
  }
  const cancelButton = (w: ChainWithdrawal) =>
    w.status === 'pending' ? (
      <CancelRequestButton
        label={`withdrawal of ${formatCoin(w.amount, w.asset)}`}
        id={w.id}
        cancellingId={cancellingId}
        onCancel={() => onCancel(w)}
      />
    ) : null;

  const columns: ReadonlyArray<TableColumn<ChainWithdrawal>> = [
    {
      header: 'Date & Time',
      className: 'whitespace-nowrap text-muted',
      cell: (w) => <DateLines iso={w.createdAt} />,
    },
    {
      header: 'Amount',
      className: 'whitespace-nowrap',
      cell: (w) => (
        <>
          <span className="block font-semibold tabular-nums text-ink">
            {formatCoin(w.amount, w.asset)}
          </span>
          <span className="block text-xs text-subtle tabular-nums">
            Fee {formatCoin(w.fee, w.asset)}
          </span>
        </>
      ),
    },
    { header: 'To', cell: (w) => <Target withdrawal={w} /> },
    {
      header: 'Status',
      right: true,
      cell: (w) => (
        <>
          <div className="flex items-center justify-end gap-2">
            {cancelButton(w)}
            <ChainStatusBadge withdrawal={w} />
          </div>
          <Outcome withdrawal={w} />
        </>
      ),
    },
  ];

  return (
    <RecentRequests
      title="Recent Crypto Withdrawals"
      noun="crypto withdrawals"
      limit={CHAIN_WITHDRAWALS_LIMIT}
      emptyHint="Your crypto withdrawals will show here, with their status on the chain."
      query={withdrawals}
      rows={withdrawals.data?.withdrawals ?? []}
      failedMessage={CRYPTO_WITHDRAW_TEXT.fetchFailed}
      columns={columns}
      alignTop
      cardClassName="py-3"
      card={(w) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold whitespace-nowrap tabular-nums text-ink">
                {formatCoin(w.amount, w.asset)}
              </p>
              <p className="text-xs text-subtle tabular-nums">Fee {formatCoin(w.fee, w.asset)}</p>
            </div>
            <ChainStatusBadge withdrawal={w} />
          </div>
          <div className="mt-1.5 flex items-end justify-between gap-3">
            <div className="min-w-0">
              <Target withdrawal={w} />
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1.5">
              {cancelButton(w)}
              {/* Day over time: on one line it left the transaction too little room. */}
              <p className="text-right text-xs text-subtle">
                <DateLines iso={w.createdAt} />
              </p>
            </div>
          </div>
          <Outcome withdrawal={w} />
        </>
      )}
    />
  );
}
