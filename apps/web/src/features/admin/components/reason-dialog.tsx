import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { adminQueryRoot } from '@/features/admin/api/admin-lists.ts';
import { AdminDialog } from './admin-dialog.tsx';
import { ReasonField } from './reason-field.tsx';

/** Same bound as the server's reject schemas (rejectDepositRequestSchema). */
const REASON_MAX = 500;

export interface ReasonDialogProps {
  title: string;
  description: ReactNode;
  hint: string;
  /** The button, e.g. 'Reject Withdrawal'; '...ing' while it runs is 'Rejecting...'. */
  confirmLabel: string;
  successMessage: string;
  failedMessage: string;
  /** Sends the decision; the dialog closes when it resolves. */
  onConfirm(reason: string): Promise<unknown>;
  onClose(): void;
}

/** A rejection that needs a reason the user will read (withdrawals, bank accounts). */
export function ReasonDialog({
  title,
  description,
  hint,
  confirmLabel,
  successMessage,
  failedMessage,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const reject = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => {
      toast.success(successMessage);
      onClose();
    },
    onError: (err) => toast.error(errorMessage(err, failedMessage)),
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
      title={title}
      description={description}
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
            {reject.isPending ? 'Rejecting...' : confirmLabel}
          </Button>
        </>
      }
    >
      <ReasonField
        label="Reason for rejection"
        hint={hint}
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
