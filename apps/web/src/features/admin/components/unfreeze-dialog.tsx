import { messages, type AdminUser } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { unfreezeUser } from '@/features/admin/api/unfreeze-user.ts';
import { useAdminDecision } from '@/features/admin/hooks/use-admin-decision.ts';
import { AdminDialog, decisionClasses } from './admin-dialog.tsx';

/** Not a spec message: only a lost connection or a server fault gets here. */
const UNFREEZE_FAILED = 'The account could not be unfrozen. Please try again.';

/**
 * "Unfreeze" on a frozen account (ADR 035), asked first: its owner froze it because someone
 * else may have been in it, so the admin confirms it is really them before anything else.
 */
export function UnfreezeDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const unfreeze = useAdminDecision({
    send: () => unfreezeUser(user.id),
    successMessage: messages.security.accountUnfrozen,
    failedMessage: UNFREEZE_FAILED,
    onDone: onClose,
  });
  const busy = unfreeze.isPending;
  return (
    <AdminDialog
      open
      onClose={onClose}
      busy={busy}
      title={`Unfreeze ${user.fullName}?`}
      description={
        <>
          Frozen by its owner{user.frozenAt ? ` on ${formatDateTime(user.frozenAt)}` : ''}. Unfreeze
          it only once you have checked the request comes from them.
        </>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            className={decisionClasses.approve}
            onClick={() => unfreeze.mutate(undefined)}
            disabled={busy}
          >
            {busy ? 'Unfreezing…' : 'Unfreeze'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted [overflow-wrap:anywhere]">
        {user.email} can sign in again at once, and we send them a mail that says so.
      </p>
    </AdminDialog>
  );
}
