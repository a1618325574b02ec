import { clsx } from 'clsx';
import { CHAIN_DEPOSITS_LIMIT, type ChainDepositView } from '@sikka/contracts';
import { formatDateTime } from '@/lib/format-date.ts';
import type { TableColumn } from '@/components/ui/responsive-table.tsx';
import { useChainDeposits } from '@/features/wallet/api/get-chain-deposits.ts';
import {
  chainDepositAmount,
  chainDepositStatus,
  type DepositTone,
} from '@/features/wallet/lib/crypto-deposit.ts';
import { shortHex } from '@/features/wallet/lib/crypto-withdraw.ts';
import { DateLines, RecentRequests } from './recent-requests.tsx';

type Row = ChainDepositView & { id: string };

// The shared StatusBadge shows the status word itself; 'credited' and 'orphaned' are not among
// its words, so the same look with this page's tones.
const toneClasses: Record<DepositTone, string> = {
  success: 'bg-up/12 text-up ring-up/30',
  warning: 'bg-accent/12 text-accent ring-accent/30',
  danger: 'bg-down/12 text-down ring-down/30',
  neutral: 'bg-raised text-muted ring-line-strong',
};

/** The status pill and, under it, the confirmations or why it was never credited. */
function DepositStatus({ deposit, right }: { deposit: Row; right?: boolean }) {
  const { text, detail, tone } = chainDepositStatus(deposit);
  return (
    <div className={clsx('flex flex-col gap-1', right ? 'items-end' : 'items-start')}>
      <span
        data-status={deposit.status}
        className={clsx(
          'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
          toneClasses[tone],
        )}
      >
        {text}
      </span>
      {detail ? <span className="text-xs text-subtle">{detail}</span> : null}
    </div>
  );
}

const columns: ReadonlyArray<TableColumn<Row>> = [
  {
    // Day over time, as the other wallet lists: on one line the four columns ran past the
    // panel's right edge in the wallet's narrow column.
    header: 'Date & Time',
    className: 'whitespace-nowrap text-muted',
    cell: (d) => <DateLines iso={d.createdAt} />,
  },
  {
    header: 'Amount',
    right: true,
    className: 'font-semibold tabular-nums whitespace-nowrap text-ink',
    cell: (d) => chainDepositAmount(d),
  },
  {
    header: 'Transaction',
    className: 'font-mono text-xs whitespace-nowrap text-muted',
    cell: (d) => shortHex(d.txHash, 10, 6),
    title: (d) => d.txHash,
  },
  { header: 'Status', right: true, cell: (d) => <DepositStatus deposit={d} right /> },
];

/**
 * The user's most recent on-chain deposits. Kept live by the ['crypto'] invalidation
 * (app/market-connection.tsx): each confirmation and the credit re-read the list.
 */
export function CryptoDepositList() {
  const deposits = useChainDeposits();
  const rows: Row[] = (deposits.data?.deposits ?? []).map((d) => ({
    ...d,
    // One transaction can carry several transfers to the address: the log tells them apart.
    id: `${d.txHash}:${d.logIndex}`,
  }));
  return (
    <RecentRequests
      title="Recent Crypto Deposits"
      noun="crypto deposits"
      limit={CHAIN_DEPOSITS_LIMIT}
      emptyHint="Coins you send to your address show here, with their confirmations."
      query={deposits}
      rows={rows}
      failedMessage="Failed to fetch crypto deposits"
      columns={columns}
      alignTop
      cardClassName="flex items-start justify-between gap-3 py-3"
      card={(d) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold tabular-nums text-ink">{chainDepositAmount(d)}</p>
            <p className="mt-0.5 truncate font-mono text-xs text-muted" title={d.txHash}>
              {shortHex(d.txHash, 10, 6)}
            </p>
            <p className="mt-0.5 text-xs text-subtle">{formatDateTime(d.createdAt)}</p>
          </div>
          <DepositStatus deposit={d} right />
        </>
      )}
    />
  );
}
