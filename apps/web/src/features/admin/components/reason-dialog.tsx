import { useState, type ReactNode } from 'react';
import { messages } from '@sikka/contracts';
import { newIdempotencyKey } from '@/lib/idempotency.ts';
import { useAdminDecision } from '@/features/admin/hooks/use-admin-decision.ts';
import { AdminDialog, DecisionFooter } from './admin-dialog.tsx';
import { ReasonField } from './reason-field.tsx';

/** Same bound as the server's reject schemas (rejectDepositRequestSchema). */
const REASON_MAX = 500;

export interface ReasonDialogProps {
  title: string;
  description: ReactNode;
  hint: string;
  /** The button, e.g. 'Reject Withdrawal'; it reads 'Rejecting...' while the request runs. */
  confirmLabel: string;
  successMessage: string;
  failedMessage: string;
  /**
   * Sends the decision; the dialog closes when it resolves. The key is the same for every
   * attempt in this dialog, for requests that take an Idempotency-Key (a withdrawal's).
   */
  onConfirm(reason: string, idempotencyKey: string): Promise<unknown>;
  onClose(): void;
}

/** A rejection that needs a reason the user will read (deposits, withdrawals, bank accounts). */
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  // One key for this dialog: a retry of the same rejection cannot run twice.
  const [key] = useState(newIdempotencyKey);

  const reject = useAdminDecision({
    send: (text: string) => onConfirm(text, key),
    successMessage,
    failedMessage,
    onDone: onClose,
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
        <DecisionFooter
          decision="reject"
          label={confirmLabel}
          busy={reject.isPending}
          onConfirm={confirm}
          onCancel={onClose}
        />
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
