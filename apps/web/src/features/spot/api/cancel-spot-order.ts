import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpotOrderResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { SPOT_ACCOUNT_KEY } from '@/lib/spot/get-spot-balances.ts';

/** POST /api/spot/orders/:id/cancel (400 invalid_state when it closed meanwhile). */
export function cancelSpotOrder(id: string): Promise<SpotOrderResponse> {
  return api.post<SpotOrderResponse>(`/api/spot/orders/${encodeURIComponent(id)}/cancel`);
}

export function useCancelSpotOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSpotOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SPOT_ACCOUNT_KEY }),
  });
}
