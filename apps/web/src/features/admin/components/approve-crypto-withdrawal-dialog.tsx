import { useState } from 'react';
import type { AdminChainWithdrawal } from '@sikka/contracts';
import { newIdempotencyKey } from '@/lib/idempotency.ts';
import { approveChainWithdrawal } from '@/features/admin/api/admin-crypto-withdrawals.ts';
import { useAdminDecision } from '@/features/admin/hooks/use-admin-decision.ts';
import { AdminDialog, DecisionFooter } from './admin-dialog.tsx';
import { formatChainAmount } from './chain-amount.ts';
import { CRYPTO_ADMIN_TEXT } from './crypto-withdrawals-text.ts';

/**
 * Approving sends coins on chain, which nobody can take back, so the admin sees the full
 * address and whose wallet it is declared to be before confirming.
 */
export function ApproveCryptoWithdrawalDialog({
  withdrawal: w,
  onClose,
}: {
  withdrawal: AdminChainWithdrawal;
  onClose(): void;
}) {
  // An approved one the sender gave up on: approving again queues it afresh.
  const retry = w.status === 'approved';
  // One key for this dialog: a retried approval replays the first answer.
  const [key] = useState(newIdempotencyKey);
  const approve = useAdminDecision({
    send: () => approveChainWithdrawal({ withdrawalId: w.id, idempotencyKey: key }),
    successMessage: retry ? CRYPTO_ADMIN_TEXT.retried : CRYPTO_ADMIN_TEXT.approved,
    failedMessage: CRYPTO_ADMIN_TEXT.approveFailed,
    onDone: onClose,
  });
  const rows = [
    { label: 'User', value: `${w.user.fullName} (${w.user.email})` },
    { label: 'Recipient gets', value: formatChainAmount(w.amount, w.asset) },
    { label: 'Fee', value: formatChainAmount(w.fee, w.asset) },
    { label: 'Network', value: w.network },
    {
      label: 'Wallet owner',
      value:
        w.beneficiary.kind === 'own'
          ? "The user's own wallet"
          : `Third party: ${w.beneficiary.name ?? '—'}`,
    },
  ];
  return (
    <AdminDialog
      open
      onClose={onClose}
      busy={approve.isPending}
      title={retry ? 'Try this crypto withdrawal again' : 'Approve crypto withdrawal'}
      description={
        retry
          ? `The server could not send it: ${(w.sending.lastError ?? 'no reason given').replace(/[.\s]+$/, '')}. Try again once that is fixed (for example, the hot wallet topped up); otherwise reject it.`
          : 'The server signs and broadcasts it at once. A transfer on the chain cannot be reversed.'
      }
      footer={
        <DecisionFooter
          decision="approve"
          label={retry ? 'Try Again' : 'Approve and Send'}
          busy={approve.isPending}
          onConfirm={() => approve.mutate(undefined)}
          onCancel={onClose}
        />
      }
    >
      <dl className="space-y-2.5 rounded-xl border border-line bg-canvas/60 p-4 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="shrink-0 text-subtle">{row.label}</dt>
            <dd className="min-w-0 text-right break-words text-ink">{row.value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-subtle">To address</dt>
          <dd className="mt-1 font-mono text-xs break-all text-ink" data-testid="approve-address">
            {w.address}
          </dd>
        </div>
      </dl>
    </AdminDialog>
  );
}
