import { useState } from 'react';
import { kycStatusSchema, messages, type AdminUser } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatInr } from '@/lib/format.ts';
import { adminUsersQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { AdminListTab } from './admin-list-tab.tsx';
import type { Column } from './admin-table.tsx';
import { KycReviewDialog } from './kyc-review-dialog.tsx';
import { SignInHistoryDialog } from './sign-in-history-dialog.tsx';
import { PersonCell } from './person-cell.tsx';

const columns: ReadonlyArray<Column<AdminUser>> = [
  { key: 'name', header: 'Name', cell: (u) => <PersonCell name={u.fullName} email={u.email} /> },
  { key: 'phone', header: 'Phone', cell: (u) => u.phone || '—', nowrap: true },
  { key: 'kyc', header: 'KYC Status', cell: (u) => <StatusBadge status={u.kycStatus} /> },
  {
    key: 'submitted',
    header: 'Submitted',
    cell: (u) => <DateTime iso={u.kycSubmittedAt} />,
    nowrap: true,
  },
  {
    key: 'balance',
    header: 'Balance',
    cell: (u) => formatInr(u.balance),
    numeric: true,
    nowrap: true,
  },
];

/**
 * Users: every account with its KYC status and its sign-in history; Review only for
 * submissions awaiting a decision.
 */
export function UsersTab() {
  const [reviewing, setReviewing] = useState<AdminUser | null>(null);
  const [signIns, setSignIns] = useState<AdminUser | null>(null);
  return (
    <AdminListTab
      queryOptions={adminUsersQueryOptions}
      searchLabel="Search users"
      searchPlaceholder="Search by name or email"
      statusFilter={{ label: 'KYC status', statuses: kycStatusSchema.options }}
      failedMessage={messages.admin.fetchUsersFailed}
      label="Users"
      columns={columns}
      cardTitle={(u) => <PersonCell name={u.fullName} email={u.email} />}
      cardSkip={['name']}
      empty="No users found"
      actions={(u) => (
        <>
          <Button variant="outline" size="sm" onClick={() => setSignIns(u)}>
            Sign-ins<span className="sr-only"> of {u.fullName}</span>
          </Button>
          {/* A decision is only possible on a submission awaiting review (PRODUCT.md §4). */}
          {u.kycStatus === 'submitted' ? (
            <Button size="sm" onClick={() => setReviewing(u)}>
              Review<span className="sr-only"> KYC of {u.fullName}</span>
            </Button>
          ) : null}
        </>
      )}
    >
      {reviewing ? <KycReviewDialog user={reviewing} onClose={() => setReviewing(null)} /> : null}
      {signIns ? <SignInHistoryDialog user={signIns} onClose={() => setSignIns(null)} /> : null}
    </AdminListTab>
  );
}
