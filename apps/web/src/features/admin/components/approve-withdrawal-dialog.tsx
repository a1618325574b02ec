import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { approveWithdrawalRequestSchema, messages, type AdminWithdrawal } from '@sikka/contracts';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { firstFieldMessages } from '@/lib/form-errors.ts';
import { formatInr } from '@/lib/format.ts';
import { createSubmissionKeys } from '@/lib/idempotency.ts';
import { adminQueryRoot } from '@/features/admin/api/admin-lists.ts';
import { approveWithdrawal } from '@/features/admin/api/decide-withdrawal.ts';
import { AdminDialog, DecisionFooter } from './admin-dialog.tsx';
import { WithdrawalPayee } from './withdrawal-payee.tsx';

const FAILED = messages.withdrawals.approveFailed;

/**
 * Approving a withdrawal records a payout the admin has already made by bank transfer, so it
 * asks for that transfer's UTR; the user sees it as their reference.
 */
export function ApproveWithdrawalDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [utr, setUtr] = useState('');
  const [error, setError] = useState('');
  const keys = useRef(createSubmissionKeys()).current;

  const approve = useMutation({
    mutationFn: (utrNumber: string) =>
      approveWithdrawal({
        withdrawalId: withdrawal.id,
        utrNumber,
        idempotencyKey: keys.keyFor({ id: withdrawal.id, utrNumber }),
      }),
    onSuccess: () => {
      keys.settle();
      toast.success(messages.withdrawals.approved);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fromServer) keys.settle();
      const field = err instanceof ApiError ? err.fields.utrNumber : undefined;
      if (field) setError(field);
      else toast.error(errorMessage(err, FAILED));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryRoot }),
  });

  function confirm() {
    const parsed = approveWithdrawalRequestSchema.safeParse({ utrNumber: utr });
    if (!parsed.success) {
      setError(firstFieldMessages(['utrNumber'], parsed.error).utrNumber ?? FAILED);
      return;
    }
    approve.mutate(parsed.data.utrNumber);
  }

  return (
    <AdminDialog
      open
      onClose={onClose}
      busy={approve.isPending}
      title="Mark withdrawal as paid"
      description={
        <>
          Send {formatInr(withdrawal.amount)} to {withdrawal.user.fullName} first, then enter the
          bank&apos;s UTR of that transfer.
        </>
      }
      footer={
        <DecisionFooter
          decision="approve"
          label="Mark as Paid"
          busy={approve.isPending}
          onConfirm={confirm}
          onCancel={onClose}
        />
      }
    >
      <div className="space-y-4">
        <WithdrawalPayee withdrawal={withdrawal} />
        <TextField
          label="Payout UTR Number"
          name="utrNumber"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. HDFCN52026112412"
          hint="6 to 22 letters or digits, from the bank's transfer confirmation"
          value={utr}
          error={error || undefined}
          autoFocus
          onChange={(e) => {
            setUtr(e.target.value);
            setError('');
          }}
        />
      </div>
    </AdminDialog>
  );
}
