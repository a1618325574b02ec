import { clsx } from 'clsx';

/** A grey placeholder shape that gently pulses while content loads. */
export function SkeletonBlock({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={clsx('animate-shimmer rounded-lg bg-raised', className)} />
  );
}
