import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceSpotOrderRequest, SpotOrderResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { SPOT_ACCOUNT_KEY } from '@/lib/spot/get-spot-balances.ts';

export interface PlaceSpotOrderInput {
  body: PlaceSpotOrderRequest;
  /** One key per submission: a retried request returns the first answer, never a 2nd order. */
  idempotencyKey: string;
}

/** POST /api/spot/orders: 201 with the order as the engine left it and its fills. */
export function placeSpotOrder({
  body,
  idempotencyKey,
}: PlaceSpotOrderInput): Promise<SpotOrderResponse> {
  return api.post<SpotOrderResponse>('/api/spot/orders', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceSpotOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeSpotOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SPOT_ACCOUNT_KEY }),
  });
}
