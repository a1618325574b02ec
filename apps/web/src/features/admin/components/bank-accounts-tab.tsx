import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { bankAccountStatuses, messages, type AdminBankAccount } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { adminBankAccountsQueryOptions, adminQueryRoot } from '@/features/admin/api/admin-lists.ts';
import { rejectBankAccount, verifyBankAccount } from '@/features/admin/api/decide-bank-account.ts';
import { useAdminList } from '@/features/admin/hooks/use-admin-list.ts';
import { AdminTable, type Column } from './admin-table.tsx';
import { PagedListState } from './list-state.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { PersonCell } from './person-cell.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const columns: ReadonlyArray<Column<AdminBankAccount>> = [
  {
    key: 'user',
    header: 'User',
    cell: (a) => <PersonCell name={a.user.fullName} email={a.user.email} />,
  },
  {
    key: 'account',
    header: 'Account',
    cell: (a) => (
      <span className="block min-w-0">
        <span className="block text-ink">
          {a.bankName}
          {a.source === 'kyc' ? <span className="text-xs text-muted"> · KYC</span> : null}
        </span>
        <span className="block font-mono text-xs text-muted">{a.accountNumber}</span>
        <span className="block font-mono text-xs text-muted">{a.ifscCode}</span>
      </span>
    ),
  },
  { key: 'holder', header: 'Holder name', cell: (a) => a.accountHolderName },
  {
    key: 'status',
    header: 'Status',
    cell: (a) => (
      <span title={a.rejectionReason ?? undefined}>
        <StatusBadge status={a.status} />
      </span>
    ),
  },
  { key: 'date', header: 'Added', cell: (a) => <DateTime iso={a.createdAt} />, nowrap: true },
];

/** Bank accounts users added (issue 14): Verify once the holder matches the KYC, or Reject. */
export function BankAccountsTab() {
  const list = useAdminList();
  const queryClient = useQueryClient();
  const query = useQuery(adminBankAccountsQueryOptions(list.params));
  const [rejecting, setRejecting] = useState<AdminBankAccount | null>(null);

  const verify = useMutation({
    mutationFn: (account: AdminBankAccount) => verifyBankAccount(account.id),
    onSuccess: () => toast.success(messages.bankAccounts.verified),
    onError: (err) => toast.error(errorMessage(err, messages.bankAccounts.verifyFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryRoot }),
  });
  const verifyingId = verify.isPending ? verify.variables.id : null;

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search bank accounts"
        searchPlaceholder="Search by name, email, IFSC or bank"
        search={list.search}
        onSearch={list.setSearch}
        statusFilter={{
          label: 'Bank account status',
          statuses: bankAccountStatuses,
          value: list.status,
          onChange: list.setStatus,
        }}
      />
      <PagedListState
        query={query}
        failedMessage={messages.bankAccounts.fetchFailed}
        onPage={list.setPage}
      >
        {(items) => (
          <AdminTable
            label="Bank accounts"
            columns={columns}
            rows={items}
            rowKey={(a) => a.id}
            cardTitle={(a) => <PersonCell name={a.user.fullName} email={a.user.email} />}
            cardSkip={['user']}
            empty="No bank accounts found"
            actions={(a) =>
              a.status === 'pending' ? (
                <>
                  <Button
                    size="sm"
                    className="bg-up text-canvas hover:bg-up/90"
                    disabled={verifyingId !== null}
                    onClick={() => verify.mutate(a)}
                  >
                    {verifyingId === a.id ? 'Verifying...' : 'Verify'}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={verifyingId !== null}
                    onClick={() => setRejecting(a)}
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
        <ReasonDialog
          title="Reject bank account"
          description={
            <>
              {rejecting.bankName} of {rejecting.user.fullName}
            </>
          }
          hint="For example: the holder name does not match the KYC."
          confirmLabel="Reject Account"
          successMessage={messages.bankAccounts.rejected}
          failedMessage={messages.bankAccounts.rejectFailed}
          onConfirm={(reason) => rejectBankAccount(rejecting.id, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </div>
  );
}
