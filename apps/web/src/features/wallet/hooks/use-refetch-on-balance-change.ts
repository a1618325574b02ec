import { useEffect, useRef } from 'react';
import { useAuth } from '@/lib/auth/use-auth.ts';

/**
 * The admin's decision on a pending deposit or withdrawal reaches the page as a live balance
 * change (available or held INR moves); calling `refetch` then shows the new status without
 * a reload. `active` false (a record already decided) stops listening.
 */
export function useRefetchOnBalanceChange(refetch: () => unknown, active: boolean) {
  const { balance, heldBalance } = useAuth();
  const now = `${balance}/${heldBalance}`;
  const last = useRef(now);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    if (now === last.current) return;
    last.current = now;
    if (active) void latest.current();
  }, [now, active]);
}
