import { useEffect, useState } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query.ts';

/**
 * False until `delayMs` after mount, then true: the start and end states of an entrance
 * transition. With reduced motion asked for, it is true at once (no delay, no movement).
 */
export function useEntrance(delayMs: number): boolean {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    if (reduced) return;
    const timer = setTimeout(() => setEntered(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, reduced]);
  return entered || reduced;
}
