import { useId } from 'react';
import { clsx } from 'clsx';
import { FlaskConical } from 'lucide-react';
import { useMarketSource } from '@/lib/realtime/use-crypto.ts';

/**
 * Says so when prices come from Sikka's built-in simulated market rather than an exchange
 * (DESIGN.md §4, §8). Renders nothing for real prices. The explanation shows on hover and on
 * keyboard focus, and is the badge's accessible description either way.
 */
export function SimulatedBadge({
  className,
  align = 'left',
}: {
  className?: string;
  /** Which edge the explanation lines up with: 'right' for a badge near the right edge. */
  align?: 'left' | 'right';
}) {
  const source = useMarketSource();
  const tipId = useId();
  if (source !== 'simulated') return null;
  return (
    <span className={clsx('group relative inline-flex', className)}>
      <span
        tabIndex={0}
        aria-describedby={tipId}
        className="inline-flex cursor-help items-center gap-1.5 rounded-full border border-accent/40 bg-accent/10 px-2.5 py-1 text-xs font-semibold text-accent"
        data-testid="simulated-badge"
      >
        <FlaskConical className="size-3.5" aria-hidden="true" />
        Simulated prices
      </span>
      <span
        id={tipId}
        role="tooltip"
        className={clsx(
          // Out of the layout until shown: a transparent tip still widens the page, and near
          // a phone's right edge that made the whole page scroll sideways.
          'pointer-events-none absolute top-full z-30 mt-2 hidden w-64 max-w-[80vw] rounded-lg border border-line-strong bg-raised p-3 text-xs leading-5 font-normal text-muted shadow-xl shadow-black/40 group-focus-within:block group-hover:block',
          align === 'right' ? 'right-0' : 'left-0',
        )}
      >
        These prices come from Sikka&apos;s built-in simulated INR market, which moves like a real
        one every second. They are not quotes from a live exchange.
      </span>
    </span>
  );
}
