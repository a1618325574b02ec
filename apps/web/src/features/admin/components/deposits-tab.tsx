import { depositStatuses, messages, type AdminDeposit } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { formatInr } from '@/lib/format.ts';
import { adminDepositsQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { approveDeposit, rejectDeposit } from '@/features/admin/api/decide-deposit.ts';
import type { Column } from './admin-table.tsx';
import { DecisionListTab, statusColumn } from './decision-list-tab.tsx';

const columns: ReadonlyArray<Column<AdminDeposit>> = [
  {
    key: 'amount',
    header: 'Amount',
    cell: (d) => formatInr(d.amount),
    numeric: true,
    nowrap: true,
  },
  {
    key: 'utr',
    header: 'UTR',
    cell: (d) => <span className="font-mono text-xs">{d.utrNumber}</span>,
  },
  statusColumn,
  { key: 'date', header: 'Date', cell: (d) => <DateTime iso={d.createdAt} />, nowrap: true },
];

/** Deposits: INR transfer requests; Approve and Reject while pending (PRODUCT.md §4, §5). */
export function DepositsTab() {
  return (
    <DecisionListTab
      queryOptions={adminDepositsQueryOptions}
      searchLabel="Search deposits"
      searchPlaceholder="Search by name, email or UTR"
      statusFilter={{ label: 'Deposit status', statuses: depositStatuses }}
      failedMessage={messages.admin.fetchDepositsFailed}
      label="Deposits"
      columns={columns}
      empty="No deposits found"
      approve={{
        label: 'Approve',
        busyLabel: 'Approving...',
        send: (d) => approveDeposit(d.id),
        successMessage: messages.admin.depositApproved,
        failedMessage: messages.admin.approveDepositFailed,
      }}
      reject={(d) => ({
        title: 'Reject deposit',
        description: (
          <>
            {formatInr(d.amount)} from {d.user.fullName}, UTR{' '}
            <span className="font-mono text-ink">{d.utrNumber}</span>
          </>
        ),
        hint: 'For example: no matching transfer received for this UTR.',
        confirmLabel: 'Reject Deposit',
        successMessage: messages.admin.depositRejected,
        failedMessage: messages.admin.rejectDepositFailed,
        // One key per dialog: a retried Reject replays the first answer instead of a 409.
        onConfirm: (reason, key) => rejectDeposit(d.id, reason, key),
      })}
    />
  );
}
