import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Button } from '@/components/ui/button.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { useAdminDecision } from '@/features/admin/hooks/use-admin-decision.ts';
import { decisionClasses } from './admin-dialog.tsx';
import { AdminListTab, type AdminListTabProps } from './admin-list-tab.tsx';
import type { Column } from './admin-table.tsx';
import { UserCell } from './person-cell.tsx';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog.tsx';

/** A request a user made: who made it, and whether it still waits for a decision. */
export interface AdminRequest {
  id: string;
  status: string;
  user: { fullName: string; email: string };
}

/** Approving at once: every row's buttons wait while it runs, its own reads `busyLabel`. */
export interface DirectApproval<T> {
  label: string;
  busyLabel: string;
  send(row: T): Promise<unknown>;
  successMessage: string;
  failedMessage: string;
}

/** Approving through a dialog that asks for more first (a withdrawal's payout UTR). */
export interface DialogApproval<T> {
  label: string;
  dialog(row: T, onClose: () => void): ReactNode;
}

export interface DecisionListTabProps<T extends AdminRequest, K extends QueryKey> extends Omit<
  AdminListTabProps<T, K>,
  'actions' | 'children' | 'cardTitle' | 'cardSkip'
> {
  approve: DirectApproval<T> | DialogApproval<T>;
  /** The rejection's words and request: a reason the user will read is always asked for. */
  reject(row: T): Omit<ReasonDialogProps, 'onClose'>;
}

const userColumn: Column<AdminRequest> = {
  key: 'user',
  header: 'User',
  cell: (row) => <UserCell row={row} />,
};

/** A request's status, with why it was rejected on hover. */
export const statusColumn: Column<AdminRequest & { rejectionReason: string | null }> = {
  key: 'status',
  header: 'Status',
  cell: (row) => (
    <span title={row.rejectionReason ?? undefined}>
      <StatusBadge status={row.status} />
    </span>
  ),
};

const noDirectApproval = (): Promise<unknown> => Promise.resolve();

/**
 * A list of requests an admin decides on (deposits, withdrawals, bank accounts): the user who
 * made each one (also its phone card's title), then `columns`. A pending row has Approve and
 * Reject; Reject asks for the reason in a dialog.
 */
export function DecisionListTab<T extends AdminRequest, K extends QueryKey>({
  approve,
  reject,
  columns,
  ...list
}: DecisionListTabProps<T, K>) {
  const [open, setOpen] = useState<{ row: T; dialog: 'approve' | 'reject' } | null>(null);
  const close = () => setOpen(null);

  const direct = 'send' in approve ? approve : undefined;
  // Hooks run unconditionally; an approval through a dialog never sends through this one.
  const approveNow = useAdminDecision({
    send: direct?.send ?? noDirectApproval,
    successMessage: direct?.successMessage ?? '',
    failedMessage: direct?.failedMessage ?? '',
  });
  const approvingId = approveNow.isPending ? approveNow.variables.id : null;

  return (
    <AdminListTab<T, K>
      {...list}
      columns={[userColumn, ...columns]}
      cardTitle={(row) => <UserCell row={row} />}
      cardSkip={['user']}
      actions={(row) =>
        row.status === 'pending' ? (
          <>
            <Button
              size="sm"
              className={decisionClasses.approve}
              disabled={approvingId !== null}
              onClick={() =>
                direct ? approveNow.mutate(row) : setOpen({ row, dialog: 'approve' })
              }
            >
              {approvingId === row.id && direct ? direct.busyLabel : approve.label}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={approvingId !== null}
              onClick={() => setOpen({ row, dialog: 'reject' })}
            >
              Reject
            </Button>
          </>
        ) : null
      }
    >
      {open?.dialog === 'reject' ? <ReasonDialog {...reject(open.row)} onClose={close} /> : null}
      {open?.dialog === 'approve' && 'dialog' in approve ? approve.dialog(open.row, close) : null}
    </AdminListTab>
  );
}
