import { useMutation } from '@tanstack/react-query';
import type { QuickTradeRequest, QuickTradeResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export interface QuickTradeInput {
  body: QuickTradeRequest;
  /** One key per submission: a retried request returns the first answer, never a 2nd trade. */
  idempotencyKey: string;
}

/**
 * POST /api/trades/quick. The server takes the user from the session and the price from its
 * own feed; `quotedRate` only guards against a price that moved (409 price_changed).
 */
export function createQuickTrade({
  body,
  idempotencyKey,
}: QuickTradeInput): Promise<QuickTradeResponse> {
  return api.post('/api/trades/quick', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateQuickTrade() {
  return useMutation({ mutationFn: createQuickTrade });
}
