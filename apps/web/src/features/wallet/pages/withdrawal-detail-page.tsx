import { useParams } from 'react-router';
import { toast } from 'sonner';
import { messages, type Withdrawal, type WithdrawalStatus } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { formatInr } from '@/lib/format.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  Detail,
  isRecordId,
  RecordCard,
  RecordDetailPage,
  RecordNotice,
} from '@/components/records/record-detail.tsx';
import { useCancelWithdrawal } from '@/features/wallet/api/cancel-withdrawal.ts';
import { useWithdrawal } from '@/features/wallet/api/get-withdrawal.ts';
import { useRefetchOnBalanceChange } from '@/features/wallet/hooks/use-refetch-on-balance-change.ts';

const outcome: Record<WithdrawalStatus, string> = {
  pending: 'On hold from your balance until it is paid out',
  paid: 'Sent to your bank account',
  rejected: 'Not paid out: the amount is back in your INR balance',
  cancelled: 'Cancelled: the amount is back in your INR balance',
};

const decidedLabel: Record<Exclude<WithdrawalStatus, 'pending'>, string> = {
  paid: 'Paid',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

function CancelWithdrawal({ withdrawal }: { withdrawal: Withdrawal }) {
  const cancel = useCancelWithdrawal();
  const { setBalances } = useAuth();
  function onCancel() {
    cancel.mutate(withdrawal.id, {
      onSuccess: (answer) => {
        setBalances(answer.balances);
        toast.success(messages.withdrawals.cancelled);
      },
      onError: (err) => toast.error(errorMessage(err, messages.withdrawals.cancelFailed)),
    });
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="max-w-sm text-sm text-muted">
        Changed your mind? Cancel while it is pending and the amount returns to your balance.
      </p>
      <Button
        variant="outline"
        onClick={onCancel}
        disabled={cancel.isPending}
        className="w-full shrink-0 sm:w-auto"
      >
        {cancel.isPending ? 'Cancelling...' : 'Cancel withdrawal'}
      </Button>
    </div>
  );
}

function WithdrawalCard({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const notice =
    w.status === 'rejected' ? (
      <RecordNotice title="Why it was rejected" tone="down">
        {w.rejectionReason}
      </RecordNotice>
    ) : w.status === 'pending' ? (
      <RecordNotice title="Being processed">
        Withdrawals are processed within 30 minutes during banking hours.
      </RecordNotice>
    ) : null;
  return (
    <RecordCard
      eyebrow="INR withdrawal"
      title={formatInr(w.amount)}
      subtitle={outcome[w.status]}
      status={w.status}
      notice={notice}
      footer={w.status === 'pending' ? <CancelWithdrawal withdrawal={w} /> : undefined}
    >
      <Detail label="Requested">{formatDateTime(w.createdAt)}</Detail>
      <Detail label="Amount">{formatInr(w.amount)}</Detail>
      <Detail label="To account">
        <span className="block">{w.bankAccount.bankName}</span>
        <span className="block font-mono text-xs font-normal text-muted">
          •••• {w.bankAccount.accountNumber.slice(-4)} · {w.bankAccount.ifscCode}
        </span>
      </Detail>
      {w.status === 'paid' && w.utrNumber ? (
        <Detail label="Payout UTR" mono>
          {w.utrNumber}
        </Detail>
      ) : null}
      {w.status !== 'pending' && w.decidedAt ? (
        <Detail label={decidedLabel[w.status]}>{formatDateTime(w.decidedAt)}</Detail>
      ) : null}
      <Detail label="Withdrawal ID" mono>
        {w.id}
      </Detail>
    </RecordCard>
  );
}

/** One INR withdrawal request, as the account statement links to it; cancellable while pending. */
export default function WithdrawalDetailPage() {
  const { id } = useParams();
  const withdrawal = useWithdrawal(id ?? '', { enabled: isRecordId(id) });
  // Paid or rejected by the admin: held INR moves, and the page shows the outcome.
  useRefetchOnBalanceChange(withdrawal.refetch, withdrawal.data?.withdrawal.status === 'pending');
  return (
    <RecordDetailPage kind="withdrawal" id={id} query={withdrawal}>
      {(data) => <WithdrawalCard withdrawal={data.withdrawal} />}
    </RecordDetailPage>
  );
}
