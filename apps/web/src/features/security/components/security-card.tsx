import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';

/**
 * One section of the security page: a titled card with an optional line of status. `danger`
 * turns its icon red, for the one card whose action cannot be undone from the app.
 */
export function SecurityCard({
  title,
  icon: Icon,
  danger = false,
  aside,
  description,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  danger?: boolean;
  aside?: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={clsx('rounded-2xl border border-line bg-surface p-5', className)}
    >
      <div className="mb-4">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <h2 className="flex items-center gap-2 text-base font-semibold text-ink">
            <Icon
              className={clsx('size-4 shrink-0', danger ? 'text-down' : 'text-accent')}
              aria-hidden="true"
            />
            {title}
          </h2>
          {aside}
        </div>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

export type PillTone = 'success' | 'warning' | 'danger' | 'neutral';
const tones: Record<PillTone, string> = {
  success: 'bg-up/12 text-up ring-up/30',
  warning: 'bg-accent/12 text-accent ring-accent/30',
  danger: 'bg-down/12 text-down ring-down/30',
  neutral: 'bg-raised text-muted ring-line-strong',
};

/** A short state word as a pill (the word is the meaning; the colour only repeats it). */
export function Pill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** Loading rows of a card. */
export function CardSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div className="space-y-2" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-12 animate-shimmer rounded-lg bg-raised" />
      ))}
    </div>
  );
}
