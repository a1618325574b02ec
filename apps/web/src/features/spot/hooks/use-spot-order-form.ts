import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { compareDecimal, type SpotMarket, type SpotMarketsResponse } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { createSubmissionKeys } from '@/lib/idempotency.ts';
import { usePlaceSpotOrder } from '@/features/spot/api/place-spot-order.ts';
import {
  initialFormState,
  orderRequest,
  pickLevel,
  setAmount,
  setPercent,
  setPrice,
  setSide,
  setTotal,
  setType,
  snapPrice,
  type FormContext,
  type PickedLevel,
  type SpotFormState,
} from '@/features/spot/lib/order-form-state.ts';
import { orderOutcome } from '@/features/spot/lib/order-text.ts';

/** Errors under the boxes, by the server's field names, and one for the whole form. */
export interface FormErrors {
  price?: string;
  quantity?: string;
  quoteAmount?: string;
  form?: string;
}

/**
 * The spot order form's state and its submit (POST /api/spot/orders with a fresh
 * Idempotency-Key per submission, kept for a retry after a lost connection). A toast says
 * what the engine did; the server's `fields` go under the boxes.
 */
export function useSpotOrderForm(input: {
  market: SpotMarket;
  fees: Pick<SpotMarketsResponse, 'makerFee' | 'takerFee'>;
  /** Available INR and coins of the signed-in user; null while unknown. */
  available: { inr: string; coin: string } | null;
}) {
  const { market, fees, available } = input;
  const { refreshBalances } = useAuth();
  const [state, setState] = useState<SpotFormState>(initialFormState);
  const [errors, setErrors] = useState<FormErrors>({});
  const keys = useRef(createSubmissionKeys()).current;
  const place = usePlaceSpotOrder();

  const feeRate = compareDecimal(fees.takerFee, fees.makerFee) >= 0 ? fees.takerFee : fees.makerFee;
  const ctx: FormContext = {
    market,
    available: available ? (state.side === 'buy' ? available.inr : available.coin) : null,
    feeRate,
  };
  const update = (next: (s: SpotFormState) => SpotFormState) => {
    setState(next);
    setErrors({});
  };

  async function submit() {
    if (place.isPending) return;
    const request = orderRequest(state, market.symbol);
    if ('field' in request) {
      setErrors({ [request.field]: request.message });
      return;
    }
    try {
      const answer = await place.mutateAsync({
        body: request.body,
        idempotencyKey: keys.keyFor(request.body),
      });
      keys.settle();
      const outcome = orderOutcome(answer.order);
      toast[outcome.tone](outcome.text);
      // A new order starts from the same price; the amounts go.
      setState((s) => ({ ...s, amount: '', total: '', percent: 0, driver: 'amount' }));
      setErrors({});
      void refreshBalances();
    } catch (err) {
      // A server answer ends this submission; a lost connection keeps its key for the retry.
      if (err instanceof ApiError && err.fromServer) keys.settle();
      const text = errorMessage(err, 'The order could not be placed. Please try again.');
      const fields = err instanceof ApiError ? err.fields : {};
      const next: FormErrors = {
        price: fields.price,
        quantity: fields.quantity,
        quoteAmount: fields.quoteAmount,
      };
      if (!next.price && !next.quantity && !next.quoteAmount) next.form = text;
      setErrors(next);
      toast.error(text);
      if (err instanceof ApiError && err.code === 'kyc_required') await refreshBalances();
    }
  }

  return {
    state,
    errors,
    ctx,
    pending: place.isPending,
    setSide: (side: SpotFormState['side']) => update((s) => setSide(s, side)),
    setType: (type: SpotFormState['type']) => update((s) => setType(s, type)),
    setPrice: (raw: string) => update((s) => setPrice(s, raw, ctx)),
    snapPrice: () => setState((s) => snapPrice(s, ctx)),
    setAmount: (raw: string) => update((s) => setAmount(s, raw, ctx)),
    setTotal: (raw: string) => update((s) => setTotal(s, raw, ctx)),
    setPercent: (percent: number) => update((s) => setPercent(s, percent, ctx)),
    setTimeInForce: (timeInForce: SpotFormState['timeInForce']) =>
      update((s) => ({ ...s, timeInForce })),
    setPostOnly: (postOnly: boolean) => update((s) => ({ ...s, postOnly })),
    /** Sets the price box once (the market's last price on arrival), if the user has not. */
    primePrice: (price: string) => setState((s) => (s.price ? s : setPrice(s, price, ctx))),
    pick: (level: PickedLevel) => update((s) => pickLevel(s, level, ctx)),
    submit,
  };
}

export type SpotOrderFormModel = ReturnType<typeof useSpotOrderForm>;
