import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messages, withdrawalStatuses, type AdminWithdrawal } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatInr } from '@/lib/format.ts';
import { newIdempotencyKey } from '@/lib/idempotency.ts';
import { adminWithdrawalsQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { rejectWithdrawal } from '@/features/admin/api/decide-withdrawal.ts';
import { useAdminList } from '@/features/admin/hooks/use-admin-list.ts';
import { AdminTable, type Column } from './admin-table.tsx';
import { ApproveWithdrawalDialog } from './approve-withdrawal-dialog.tsx';
import { PagedListState } from './list-state.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { PersonCell } from './person-cell.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const columns: ReadonlyArray<Column<AdminWithdrawal>> = [
  {
    key: 'user',
    header: 'User',
    cell: (w) => <PersonCell name={w.user.fullName} email={w.user.email} />,
  },
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
  const list = useAdminList();
  const query = useQuery(adminWithdrawalsQueryOptions(list.params));
  const [approving, setApproving] = useState<AdminWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search withdrawals"
        searchPlaceholder="Search by name, email or UTR"
        search={list.search}
        onSearch={list.setSearch}
        statusFilter={{
          label: 'Withdrawal status',
          statuses: withdrawalStatuses,
          value: list.status,
          onChange: list.setStatus,
        }}
      />
      <PagedListState
        query={query}
        failedMessage={messages.withdrawals.fetchFailed}
        onPage={list.setPage}
      >
        {(items) => (
          <AdminTable
            label="Withdrawals"
            columns={columns}
            rows={items}
            rowKey={(w) => w.id}
            cardTitle={(w) => <PersonCell name={w.user.fullName} email={w.user.email} />}
            cardSkip={['user']}
            empty="No withdrawals found"
            actions={(w) =>
              w.status === 'pending' ? (
                <>
                  <Button
                    size="sm"
                    className="bg-up text-canvas hover:bg-up/90"
                    onClick={() => setApproving(w)}
                  >
                    Approve
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setRejecting(w)}>
                    Reject
                  </Button>
                </>
              ) : null
            }
          />
        )}
      </PagedListState>
      {approving ? (
        <ApproveWithdrawalDialog withdrawal={approving} onClose={() => setApproving(null)} />
      ) : null}
      {rejecting ? (
        <RejectWithdrawalDialog withdrawal={rejecting} onClose={() => setRejecting(null)} />
      ) : null}
    </div>
  );
}

function RejectWithdrawalDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  onClose(): void;
}) {
  // One key for this dialog: a retry of the same rejection cannot run twice.
  const [key] = useState(newIdempotencyKey);
  return (
    <ReasonDialog
      title="Reject withdrawal"
      description={
        <>
          {formatInr(withdrawal.amount)} to {withdrawal.user.fullName}. The held amount goes back to
          their balance.
        </>
      }
      hint="For example: the account holder's name does not match the KYC."
      confirmLabel="Reject Withdrawal"
      successMessage={messages.withdrawals.rejected}
      failedMessage={messages.withdrawals.rejectFailed}
      onConfirm={(reason) =>
        rejectWithdrawal({ withdrawalId: withdrawal.id, reason, idempotencyKey: key })
      }
      onClose={onClose}
    />
  );
}
