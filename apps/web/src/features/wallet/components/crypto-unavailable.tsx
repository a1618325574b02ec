import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';

/**
 * A centred message standing in for a crypto page's address or form: a coin that is not
 * available yet, or a wallet that is down.
 */
export function CryptoUnavailable({
  icon: Icon,
  title,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      data-testid="crypto-unavailable"
      className={clsx(
        'flex flex-col items-center rounded-xl border border-line bg-canvas/60 px-5 py-7 text-center',
        className,
      )}
    >
      <span className="grid size-12 place-items-center rounded-full bg-raised text-muted">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-base font-semibold text-balance text-ink">{title}</h3>
      <p className="mt-1.5 max-w-sm text-sm text-balance text-muted">{children}</p>
    </section>
  );
}
