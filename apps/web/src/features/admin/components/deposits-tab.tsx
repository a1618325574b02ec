import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { depositStatuses, messages, type AdminDeposit } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatInr } from '@/lib/format.ts';
import { adminDepositsQueryOptions, adminQueryRoot } from '@/features/admin/api/admin-lists.ts';
import { approveDeposit } from '@/features/admin/api/decide-deposit.ts';
import { useAdminList } from '@/features/admin/hooks/use-admin-list.ts';
import { AdminTable, type Column } from './admin-table.tsx';
import { DateTime } from '@/components/ui/date-time.tsx';
import { PagedListState } from './list-state.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { PersonCell } from './person-cell.tsx';
import { RejectDepositDialog } from './reject-deposit-dialog.tsx';

const columns: ReadonlyArray<Column<AdminDeposit>> = [
  {
    key: 'user',
    header: 'User',
    cell: (d) => <PersonCell name={d.user.fullName} email={d.user.email} />,
  },
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
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (
      <span title={d.rejectionReason ?? undefined}>
        <StatusBadge status={d.status} />
      </span>
    ),
  },
  { key: 'date', header: 'Date', cell: (d) => <DateTime iso={d.createdAt} />, nowrap: true },
];

/** Deposits: INR transfer requests; Approve and Reject while pending (PRODUCT.md §4). */
export function DepositsTab() {
  const list = useAdminList();
  const queryClient = useQueryClient();
  const query = useQuery(adminDepositsQueryOptions(list.params));
  const [rejecting, setRejecting] = useState<AdminDeposit | null>(null);

  const approve = useMutation({
    mutationFn: (deposit: AdminDeposit) => approveDeposit(deposit.id),
    onSuccess: () => toast.success(messages.admin.depositApproved),
    onError: (err) => toast.error(errorMessage(err, messages.admin.approveDepositFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryRoot }),
  });
  const approvingId = approve.isPending ? approve.variables.id : null;

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search deposits"
        searchPlaceholder="Search by name, email or UTR"
        search={list.search}
        onSearch={list.setSearch}
        statusFilter={{
          label: 'Deposit status',
          statuses: depositStatuses,
          value: list.status,
          onChange: list.setStatus,
        }}
      />
      <PagedListState
        query={query}
        failedMessage={messages.admin.fetchDepositsFailed}
        onPage={list.setPage}
      >
        {(items) => (
          <AdminTable
            label="Deposits"
            columns={columns}
            rows={items}
            rowKey={(d) => d.id}
            cardTitle={(d) => <PersonCell name={d.user.fullName} email={d.user.email} />}
            cardSkip={['user']}
            empty="No deposits found"
            actions={(d) =>
              d.status === 'pending' ? (
                <>
                  <Button
                    size="sm"
                    className="bg-up text-canvas hover:bg-up/90"
                    disabled={approvingId !== null}
                    onClick={() => approve.mutate(d)}
                  >
                    {approvingId === d.id ? 'Approving...' : 'Approve'}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={approvingId !== null}
                    onClick={() => setRejecting(d)}
                  >
                    Reject
                  </Button>
                </>
              ) : null
            }
          />
        )}
      </PagedListState>
      {rejecting ? (
        <RejectDepositDialog deposit={rejecting} onClose={() => setRejecting(null)} />
      ) : null}
    </div>
  );
}
