import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages, type AdminDeposit } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatInr } from '@/lib/format.ts';
import { adminQueryRoot } from '@/features/admin/api/admin-lists.ts';
import { rejectDeposit } from '@/features/admin/api/decide-deposit.ts';
import { AdminDialog } from './admin-dialog.tsx';
import { ReasonField } from './reason-field.tsx';

/** Same bound as the server's rejectDepositRequestSchema. */
const REASON_MAX = 500;

export interface RejectDepositDialogProps {
  deposit: AdminDeposit;
  onClose(): void;
}

/** Rejecting a pending deposit needs a reason (PRODUCT.md §5). */
export function RejectDepositDialog({ deposit, onClose }: RejectDepositDialogProps) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const reject = useMutation({
    mutationFn: (text: string) => rejectDeposit(deposit.id, text),
    onSuccess: () => {
      toast.success(messages.admin.depositRejected);
      onClose();
    },
    onError: (err) => toast.error(errorMessage(err, messages.admin.rejectDepositFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryRoot }),
  });

  function confirm() {
    const text = reason.trim();
    if (!text) {
      setError(messages.admin.rejectReasonRequired);
      return;
    }
    reject.mutate(text);
  }

  return (
    <AdminDialog
      open
      onClose={onClose}
      busy={reject.isPending}
      title="Reject deposit"
      description={
        <>
          {formatInr(deposit.amount)} from {deposit.user.fullName}, UTR{' '}
          <span className="font-mono text-ink">{deposit.utrNumber}</span>
        </>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button
            className="bg-down text-white hover:bg-down/90 disabled:hover:bg-down"
            onClick={confirm}
            disabled={reject.isPending}
          >
            {reject.isPending ? 'Rejecting...' : 'Reject Deposit'}
          </Button>
        </>
      }
    >
      <ReasonField
        label="Reason for rejection"
        hint="For example: no matching transfer received for this UTR."
        error={error || undefined}
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (value.trim()) setError('');
        }}
        maxLength={REASON_MAX}
        autoFocus
      />
    </AdminDialog>
  );
}
