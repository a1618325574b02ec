import { clsx } from 'clsx';
import type { ChainWithdrawal } from '@sikka/contracts';
import { chainStatusLabel, type StatusTone } from '@/features/wallet/lib/crypto-withdraw.ts';

// The shared StatusBadge shows the status word itself; these statuses read as phrases
// ('Pending review', 'Sent 2/3 confirmations'), so the same look with our own text.
const toneClasses: Record<StatusTone, string> = {
  success: 'bg-up/12 text-up ring-up/30',
  warning: 'bg-accent/12 text-accent ring-accent/30',
  // On its way: neither done (green) nor waiting on anyone (gold); green/red mean up/down.
  progress: 'bg-ink/8 text-ink ring-ink/25',
  danger: 'bg-down/12 text-down ring-down/30',
  neutral: 'bg-raised text-muted ring-line-strong',
};

/** A crypto withdrawal's status as a pill; the words carry it, never colour alone. */
export function ChainStatusBadge({
  withdrawal,
}: {
  withdrawal: Pick<ChainWithdrawal, 'status' | 'confirmations' | 'requiredConfirmations'>;
}) {
  const { text, tone } = chainStatusLabel(withdrawal);
  return (
    <span
      data-status={withdrawal.status}
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        toneClasses[tone],
      )}
    >
      {text}
    </span>
  );
}
