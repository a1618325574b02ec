import { messages, withdrawalStatuses, type AdminWithdrawal } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatInr } from '@/lib/format.ts';
import { adminWithdrawalsQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { rejectWithdrawal } from '@/features/admin/api/decide-withdrawal.ts';
import type { Column } from './admin-table.tsx';
import { ApproveWithdrawalDialog } from './approve-withdrawal-dialog.tsx';
import { DecisionListTab } from './decision-list-tab.tsx';

const columns: ReadonlyArray<Column<AdminWithdrawal>> = [
  {
    key: 'amount',
    header: 'Amount',
    cell: (w) => formatInr(w.amount),
    numeric: true,
    nowrap: true,
  },
  {
    key: 'account',
    header: 'To account',
    cell: (w) => (
      <span className="block min-w-0">
        <span className="block text-ink">{w.bankAccount.bankName}</span>
        <span className="block font-mono text-xs text-muted">{w.bankAccount.accountNumber}</span>
        <span className="block font-mono text-xs text-muted">{w.bankAccount.ifscCode}</span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (w) => (
      <span className="block">
        <StatusBadge status={w.status} />
        {w.status === 'paid' && w.utrNumber ? (
          <span className="mt-1 block font-mono text-xs text-muted">UTR {w.utrNumber}</span>
        ) : null}
        {w.status === 'rejected' && w.rejectionReason ? (
          <span className="mt-1 block max-w-56 text-xs text-subtle">{w.rejectionReason}</span>
        ) : null}
      </span>
    ),
  },
  { key: 'date', header: 'Date', cell: (w) => <DateTime iso={w.createdAt} />, nowrap: true },
];

/** Withdrawals (issue 14): pay out by bank transfer, then Approve with its UTR; or Reject. */
export function WithdrawalsTab() {
  return (
    <DecisionListTab
      queryOptions={adminWithdrawalsQueryOptions}
      searchLabel="Search withdrawals"
      searchPlaceholder="Search by name, email or UTR"
      statusFilter={{ label: 'Withdrawal status', statuses: withdrawalStatuses }}
      failedMessage={messages.withdrawals.fetchFailed}
      label="Withdrawals"
      columns={columns}
      empty="No withdrawals found"
      approve={{
        label: 'Approve',
        dialog: (w, onClose) => <ApproveWithdrawalDialog withdrawal={w} onClose={onClose} />,
      }}
      reject={(w) => ({
        title: 'Reject withdrawal',
        description: (
          <>
            {formatInr(w.amount)} to {w.user.fullName}. The held amount goes back to their balance.
          </>
        ),
        hint: "For example: the account holder's name does not match the KYC.",
        confirmLabel: 'Reject Withdrawal',
        successMessage: messages.withdrawals.rejected,
        failedMessage: messages.withdrawals.rejectFailed,
        onConfirm: (reason, idempotencyKey) =>
          rejectWithdrawal({ withdrawalId: w.id, reason, idempotencyKey }),
      })}
    />
  );
}
