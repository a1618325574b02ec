import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { SPOT_ACCOUNT_KEY } from '@/lib/spot/get-spot-balances.ts';

/** POST /api/spot/orders/cancel-all: the user's open orders (of one market, if given). */
export function cancelAllSpotOrders(market?: string): Promise<{ cancelled: number }> {
  return api.post<{ cancelled: number }>('/api/spot/orders/cancel-all', market ? { market } : {});
}

export function useCancelAllSpotOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAllSpotOrders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SPOT_ACCOUNT_KEY }),
  });
}
