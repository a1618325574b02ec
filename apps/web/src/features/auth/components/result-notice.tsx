import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Loader2, MailCheck } from 'lucide-react';

const looks = {
  success: { icon: CircleCheck, box: 'border-up/40 bg-up/8', icon_: 'text-up' },
  sent: { icon: MailCheck, box: 'border-accent/40 bg-accent/8', icon_: 'text-accent' },
  error: { icon: CircleAlert, box: 'border-down/40 bg-down/8', icon_: 'text-down' },
  working: { icon: Loader2, box: 'border-line bg-surface', icon_: 'text-muted animate-spin' },
} as const;

/**
 * The outcome of a recovery step (a link sent, a password reset, an address verified), in a
 * live region so a screen reader hears it when it replaces the form.
 */
export function ResultNotice({
  tone,
  children,
  action,
}: {
  tone: keyof typeof looks;
  children: ReactNode;
  /** A link onwards (to /login, to the dashboard). */
  action?: ReactNode;
}) {
  const look = looks[tone];
  const Icon = look.icon;
  return (
    <div className="space-y-5">
      <div
        role={tone === 'error' ? 'alert' : 'status'}
        className={clsx('flex items-start gap-3 rounded-2xl border p-4', look.box)}
      >
        <Icon className={clsx('mt-0.5 size-5 shrink-0', look.icon_)} aria-hidden="true" />
        <p className="min-w-0 text-ink [overflow-wrap:anywhere]">{children}</p>
      </div>
      {action}
    </div>
  );
}
