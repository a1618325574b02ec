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
import { UnfreezeDialog } from './unfreeze-dialog.tsx';

/** Who, with "Frozen" beside while the owner has the account frozen (ADR 035). */
function UserCell({ user }: { user: AdminUser }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <PersonCell name={user.fullName} email={user.email} />
      {user.frozenAt ? <StatusBadge status="frozen" className="shrink-0" /> : null}
    </div>
  );
}

const columns: ReadonlyArray<Column<AdminUser>> = [
  { key: 'name', header: 'Name', cell: (u) => <UserCell user={u} /> },
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
 * submissions awaiting a decision, Unfreeze only for frozen accounts.
 */
export function UsersTab() {
  const [reviewing, setReviewing] = useState<AdminUser | null>(null);
  const [signIns, setSignIns] = useState<AdminUser | null>(null);
  const [unfreezing, setUnfreezing] = useState<AdminUser | null>(null);
  return (
    <AdminListTab
      queryOptions={adminUsersQueryOptions}
      searchLabel="Search users"
      searchPlaceholder="Search by name or email"
      statusFilter={{ label: 'KYC status', statuses: kycStatusSchema.options }}
      failedMessage={messages.admin.fetchUsersFailed}
      label="Users"
      columns={columns}
      cardTitle={(u) => <UserCell user={u} />}
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
          {u.frozenAt ? (
            <Button variant="outline" size="sm" onClick={() => setUnfreezing(u)}>
              Unfreeze<span className="sr-only"> {u.fullName}</span>
            </Button>
          ) : null}
        </>
      )}
    >
      {reviewing ? <KycReviewDialog user={reviewing} onClose={() => setReviewing(null)} /> : null}
      {signIns ? <SignInHistoryDialog user={signIns} onClose={() => setSignIns(null)} /> : null}
      {unfreezing ? <UnfreezeDialog user={unfreezing} onClose={() => setUnfreezing(null)} /> : null}
    </AdminListTab>
  );
}
