import { useParams } from 'react-router';
import type { Deposit, DepositStatus } from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import {
  Detail,
  isRecordId,
  RecordCard,
  RecordDetailPage,
  RecordNotice,
} from '@/components/records/record-detail.tsx';
import { useDeposit } from '@/features/wallet/api/get-deposit.ts';
import { useRefetchOnBalanceChange } from '@/features/wallet/hooks/use-refetch-on-balance-change.ts';

const outcome: Record<DepositStatus, string> = {
  pending: 'Waiting to be matched with your bank transfer',
  approved: 'Credited to your INR balance',
  rejected: 'Not credited to your balance',
};

function DepositCard({ deposit }: { deposit: Deposit }) {
  const notice =
    deposit.status === 'rejected' ? (
      <RecordNotice title="Why it was rejected" tone="down">
        {deposit.rejectionReason}
      </RecordNotice>
    ) : deposit.status === 'pending' ? (
      <RecordNotice title="Under review">
        Deposits are processed within 30 minutes. Your balance is credited once the transfer with
        this UTR number reaches us.
      </RecordNotice>
    ) : null;
  return (
    <RecordCard
      eyebrow="INR deposit"
      title={formatInr(deposit.amount)}
      subtitle={outcome[deposit.status]}
      status={deposit.status}
      notice={notice}
    >
      <Detail label="Requested">{formatDateTime(deposit.createdAt)}</Detail>
      <Detail label="Amount">{formatInr(deposit.amount)}</Detail>
      <Detail label="Method">Bank transfer (IMPS/NEFT/RTGS)</Detail>
      <Detail label="UTR number" mono>
        {deposit.utrNumber}
      </Detail>
      {deposit.decidedAt ? (
        <Detail label={deposit.status === 'approved' ? 'Approved' : 'Rejected'}>
          {formatDateTime(deposit.decidedAt)}
        </Detail>
      ) : null}
      <Detail label="Deposit ID" mono>
        {deposit.id}
      </Detail>
    </RecordCard>
  );
}

/** One INR deposit request, as the account statement links to it. */
export default function DepositDetailPage() {
  const { id } = useParams();
  const deposit = useDeposit(id ?? '', { enabled: isRecordId(id) });
  useRefetchOnBalanceChange(deposit.refetch, deposit.data?.deposit.status === 'pending');
  return (
    <RecordDetailPage kind="deposit" id={id} query={deposit}>
      {(data) => <DepositCard deposit={data.deposit} />}
    </RecordDetailPage>
  );
}
