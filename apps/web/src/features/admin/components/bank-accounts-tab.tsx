import { bankAccountStatuses, messages, type AdminBankAccount } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { adminBankAccountsQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { rejectBankAccount, verifyBankAccount } from '@/features/admin/api/decide-bank-account.ts';
import type { Column } from './admin-table.tsx';
import { DecisionListTab, statusColumn } from './decision-list-tab.tsx';

const columns: ReadonlyArray<Column<AdminBankAccount>> = [
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
  statusColumn,
  { key: 'date', header: 'Added', cell: (a) => <DateTime iso={a.createdAt} />, nowrap: true },
];

/** Bank accounts users added (issue 14): Verify once the holder matches the KYC, or Reject. */
export function BankAccountsTab() {
  return (
    <DecisionListTab
      queryOptions={adminBankAccountsQueryOptions}
      searchLabel="Search bank accounts"
      searchPlaceholder="Search by name, email, IFSC or bank"
      statusFilter={{ label: 'Bank account status', statuses: bankAccountStatuses }}
      failedMessage={messages.bankAccounts.fetchFailed}
      label="Bank accounts"
      columns={columns}
      empty="No bank accounts found"
      approve={{
        label: 'Verify',
        busyLabel: 'Verifying...',
        send: (a) => verifyBankAccount(a.id),
        successMessage: messages.bankAccounts.verified,
        failedMessage: messages.bankAccounts.verifyFailed,
      }}
      reject={(a) => ({
        title: 'Reject bank account',
        description: `${a.bankName} of ${a.user.fullName}`,
        hint: 'For example: the holder name does not match the KYC.',
        confirmLabel: 'Reject Account',
        successMessage: messages.bankAccounts.rejected,
        failedMessage: messages.bankAccounts.rejectFailed,
        // One key per dialog: a retried Reject replays the first answer instead of a 409.
        onConfirm: (reason, key) => rejectBankAccount(a.id, reason, key),
      })}
    />
  );
}
