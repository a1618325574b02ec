import { chainWithdrawalStatuses, type AdminChainWithdrawal } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import {
  adminChainWithdrawalsQueryOptions,
  rejectChainWithdrawal,
} from '@/features/admin/api/admin-crypto-withdrawals.ts';
import type { Column } from './admin-table.tsx';
import { ApproveCryptoWithdrawalDialog } from './approve-crypto-withdrawal-dialog.tsx';
import { formatChainAmount, shortHash } from './chain-amount.ts';
import { CRYPTO_ADMIN_TEXT } from './crypto-withdrawals-text.ts';
import { DecisionListTab } from './decision-list-tab.tsx';

/**
 * The status, the confirmations while it is on the chain, why it was refused or failed, and
 * its transaction once signed (in this column, so the table fits a 1280 px screen).
 */
function StatusCell({ withdrawal: w }: { withdrawal: AdminChainWithdrawal }) {
  const reason =
    w.status === 'rejected' ? w.rejectionReason : w.status === 'failed' ? w.failureReason : null;
  return (
    <span className="block">
      <StatusBadge status={w.status} />
      {w.status === 'broadcast' ? (
        <span className="mt-1 block text-xs text-muted tabular-nums">
          {Math.min(w.confirmations, w.requiredConfirmations)}/{w.requiredConfirmations}{' '}
          confirmations
        </span>
      ) : null}
      {reason ? <span className="mt-1 block max-w-56 text-xs text-subtle">{reason}</span> : null}
      {w.txHash ? (
        <span
          className="mt-1 block font-mono text-xs whitespace-nowrap text-muted"
          title={w.txHash}
        >
          Tx {shortHash(w.txHash)}
        </span>
      ) : null}
    </span>
  );
}

const columns: ReadonlyArray<Column<AdminChainWithdrawal>> = [
  {
    key: 'amount',
    header: 'Amount',
    cell: (w) => (
      <span className="block">
        <span className="block">{formatChainAmount(w.amount, w.asset)}</span>
        <span className="block text-xs text-subtle">Fee {formatChainAmount(w.fee, w.asset)}</span>
      </span>
    ),
    numeric: true,
    nowrap: true,
  },
  {
    key: 'address',
    header: 'To address',
    cell: (w) => (
      <span
        className="block font-mono text-xs break-all text-ink md:whitespace-nowrap"
        title={w.address}
      >
        {shortHash(w.address)}
      </span>
    ),
  },
  {
    key: 'beneficiary',
    header: 'Owner',
    cell: (w) =>
      w.beneficiary.kind === 'own' ? (
        <span className="whitespace-nowrap text-muted">Own wallet</span>
      ) : (
        <span className="block">
          <span className="block max-w-48 truncate whitespace-nowrap text-ink">
            {w.beneficiary.name}
          </span>
          <span className="block text-xs text-subtle">Third party</span>
        </span>
      ),
  },
  { key: 'status', header: 'Status', cell: (w) => <StatusCell withdrawal={w} /> },
  { key: 'date', header: 'Created', cell: (w) => <DateTime iso={w.createdAt} />, nowrap: true },
];

/**
 * Crypto withdrawals (issue 15): Approve (after a confirmation: the server then signs and
 * broadcasts it) or Reject with a reason while pending; then the chain's progress.
 */
export function CryptoWithdrawalsTab() {
  return (
    <DecisionListTab
      queryOptions={adminChainWithdrawalsQueryOptions}
      searchLabel="Search crypto withdrawals"
      // The server also finds a transaction hash or id; the phone-wide box has room for this much.
      searchPlaceholder="Search by name, email or address"
      statusFilter={{ label: 'Crypto withdrawal status', statuses: chainWithdrawalStatuses }}
      failedMessage={CRYPTO_ADMIN_TEXT.fetchFailed}
      label="Crypto withdrawals"
      columns={columns}
      empty="No crypto withdrawals found"
      approve={{
        label: 'Approve',
        dialog: (w, onClose) => <ApproveCryptoWithdrawalDialog withdrawal={w} onClose={onClose} />,
      }}
      reject={(w) => ({
        title: 'Reject crypto withdrawal',
        description: (
          <>
            {formatChainAmount(w.amount, w.asset)} from {w.user.fullName}. The amount and fee go
            back to their wallet.
          </>
        ),
        hint: 'For example: the address belongs to a sanctioned service.',
        confirmLabel: 'Reject Withdrawal',
        successMessage: CRYPTO_ADMIN_TEXT.rejected,
        failedMessage: CRYPTO_ADMIN_TEXT.rejectFailed,
        onConfirm: (reason, idempotencyKey) =>
          rejectChainWithdrawal({ withdrawalId: w.id, reason, idempotencyKey }),
      })}
    />
  );
}
