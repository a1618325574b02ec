import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useSpotChannel } from '@/lib/realtime/spot-channel.ts';
import { SPOT_ACCOUNT_KEY } from './get-spot-balances.ts';

/**
 * Keeps the spot account's queries live while a screen showing them is open: the socket's
 * `spotOrders` (a resting order filled or was cancelled) and a reconnect re-read them, and so
 * does any change of the balances the `balance` event pushes into the auth state.
 */
export function useSpotAccountLive(active: boolean): void {
  const queryClient = useQueryClient();
  const channel = useSpotChannel();
  const { balance, heldBalance, usdtBalance } = useAuth();

  useEffect(() => {
    if (!active) return;
    return channel.onOrders(() => {
      void queryClient.invalidateQueries({ queryKey: SPOT_ACCOUNT_KEY });
    });
  }, [active, channel, queryClient]);

  const balances = `${balance}|${heldBalance}|${usdtBalance}`;
  const seen = useRef(balances);
  useEffect(() => {
    if (seen.current === balances) return;
    seen.current = balances;
    if (active) void queryClient.invalidateQueries({ queryKey: SPOT_ACCOUNT_KEY });
  }, [active, balances, queryClient]);
}
