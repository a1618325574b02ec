import { useState } from 'react';
import {
  CHAIN_WITHDRAWAL_SEND_ATTEMPTS,
  chainWithdrawalStatuses,
  type AdminChainWithdrawal,
} from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
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
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog.tsx';

/** The rejection of a pending one, or of an approved one the hot wallet has not signed yet. */
const rejectDialog = (w: AdminChainWithdrawal): Omit<ReasonDialogProps, 'onClose'> => ({
  title: 'Reject crypto withdrawal',
  description: (
    <>
      {formatChainAmount(w.amount, w.asset)} from {w.user.fullName}. The amount and fee go back to
      their wallet.
    </>
  ),
  hint:
    w.status === 'approved'
      ? 'For example: the address is a contract that refuses the coins.'
      : 'For example: the address belongs to a sanctioned service.',
  confirmLabel: 'Reject Withdrawal',
  successMessage: CRYPTO_ADMIN_TEXT.rejected,
  failedMessage: CRYPTO_ADMIN_TEXT.rejectFailed,
  onConfirm: (reason, idempotencyKey) =>
    rejectChainWithdrawal({ withdrawalId: w.id, reason, idempotencyKey }),
});

/**
 * An approved withdrawal the hot wallet has not signed: whether the sender could not send it
 * (and gave up: it needs the admin), and Reject while it is unsigned; Try Again once the
 * sender gave up.
 */
function ApprovedCell({ withdrawal: w }: { withdrawal: AdminChainWithdrawal }) {
  const [open, setOpen] = useState<'reject' | 'retry' | null>(null);
  const close = () => setOpen(null);
  const { attempts, lastError, needsAttention } = w.sending;
  return (
    <>
      {needsAttention ? (
        <span className="mt-1 block text-xs font-semibold text-down">
          {CRYPTO_ADMIN_TEXT.needsAttention}
        </span>
      ) : (
        <span className="mt-1 block text-xs text-muted">
          {attempts > 0
            ? CRYPTO_ADMIN_TEXT.retrying(attempts, CHAIN_WITHDRAWAL_SEND_ATTEMPTS)
            : CRYPTO_ADMIN_TEXT.waiting}
        </span>
      )}
      {lastError && attempts > 0 ? (
        <span className="mt-1 block max-w-56 text-xs break-words text-subtle">{lastError}</span>
      ) : null}
      <span className="mt-2 flex flex-wrap gap-2">
        {needsAttention ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen('retry')}
            aria-label={`Try again: withdrawal of ${formatChainAmount(w.amount, w.asset)} from ${w.user.fullName}`}
          >
            Try Again
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          onClick={() => setOpen('reject')}
          aria-label={`Reject the approved withdrawal of ${formatChainAmount(w.amount, w.asset)} from ${w.user.fullName}`}
        >
          Reject
        </Button>
      </span>
      {open === 'reject' ? <ReasonDialog {...rejectDialog(w)} onClose={close} /> : null}
      {open === 'retry' ? <ApproveCryptoWithdrawalDialog withdrawal={w} onClose={close} /> : null}
    </>
  );
}

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
      {w.status === 'approved' ? <ApprovedCell withdrawal={w} /> : null}
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
 * broadcasts it) or Reject with a reason while pending; Reject also while approved and not yet
 * signed, and Try Again for one the server could not send; then the chain's progress.
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
      reject={rejectDialog}
    />
  );
}
