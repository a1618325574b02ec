import { clsx } from 'clsx';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';

/** Five placeholder rows (icon, name, price) while a coin list waits for its first data. */
export function CoinListSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <ul aria-label={label} aria-busy="true" className={clsx('divide-y divide-line', className)}>
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 py-3" aria-hidden="true">
          <SkeletonBlock className="size-8 rounded-full" />
          <SkeletonBlock className="h-4 w-24" />
          <SkeletonBlock className="ml-auto h-4 w-20" />
        </li>
      ))}
    </ul>
  );
}
