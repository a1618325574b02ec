import { clsx } from 'clsx';

export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

/** Deposit, withdrawal, bank account and trade statuses and the colour each one reads as. */
const tones: Record<string, StatusTone> = {
  approved: 'success',
  completed: 'success',
  paid: 'success',
  verified: 'success',
  pending: 'warning',
  submitted: 'warning',
  rejected: 'danger',
  failed: 'danger',
  frozen: 'danger',
};

const toneClasses: Record<StatusTone, string> = {
  success: 'bg-up/12 text-up ring-up/30',
  warning: 'bg-accent/12 text-accent ring-accent/30',
  danger: 'bg-down/12 text-down ring-down/30',
  neutral: 'bg-raised text-muted ring-line-strong',
};

/** A status word as a small coloured pill; the word itself is the text, never colour alone. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
        toneClasses[tones[status] ?? 'neutral'],
        className,
      )}
    >
      {status}
    </span>
  );
}
