import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { messages, type Trade, type TradeType } from '@sikka/contracts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { sanitizeAmountInput } from '../../../lib/decimal.ts';
import { createSubmissionKeys } from '../../../lib/idempotency.ts';
import { useUsdtInrPrice } from '../../../hooks/use-usdt-inr-price.ts';
import { useAuth } from '../../auth/hooks/use-auth.ts';
import { useCreateQuickTrade } from '../api/create-quick-trade.ts';
import {
  fieldScale,
  percentForSpend,
  quickOrder,
  quickRates,
  spendForPercent,
  validateQuickTrade,
  type AmountField,
} from '../lib/quick-trade.ts';

/**
 * The Instant Trade card's state (PRODUCT.md §4 "Quick buy"): side, the box the user typed in,
 * the slider, the live rate, the messages, and the trade request with its Idempotency-Key.
 */
export function useQuickTrade() {
  const { user, status, balance, usdtBalance, setBalances, refreshBalances } = useAuth();
  const signedIn = status === 'signedIn' && user !== null;
  const { price, live, refresh } = useUsdtInrPrice();
  const rates = quickRates(price);
  const trade = useCreateQuickTrade();
  const keys = useRef(createSubmissionKeys()).current;

  const [side, setSideState] = useState<TradeType>('buy');
  const [driver, setDriver] = useState<AmountField>('spend');
  const [text, setText] = useState('');
  const [percent, setPercent] = useState(0);
  /** Set once the user has typed or pressed submit, so 'Please enter amount' is not shown cold. */
  const [touched, setTouched] = useState(false);
  /** The message of the last refused submit (login, amount); cleared by the next edit. */
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [completed, setCompleted] = useState<Trade | null>(null);

  const rate = side === 'buy' ? rates.buy : rates.sell;
  const balances = useMemo(() => ({ inr: balance, usdt: usdtBalance }), [balance, usdtBalance]);
  const order = quickOrder(side, driver, text, rate);
  const problem = validateQuickTrade({ signedIn, side, order, balances });

  // The product reloads the USDT balance whenever the user or the side changes.
  const userId = user?.id;
  useEffect(() => {
    if (userId) void refreshBalances();
  }, [userId, side, refreshBalances]);

  function reset() {
    setDriver('spend');
    setText('');
    setPercent(0);
    setTouched(false);
    setSubmitError(null);
  }

  function setSide(next: TradeType) {
    if (next === side) return;
    setSideState(next);
    reset();
  }

  function type(field: AmountField, raw: string) {
    const value = sanitizeAmountInput(raw, fieldScale(side, field));
    setDriver(field);
    setText(value);
    setTouched(true);
    setSubmitError(null);
    const spend = quickOrder(side, field, value, rate).spend;
    setPercent(percentForSpend(side, spend, balances));
  }

  function slide(next: number) {
    const clamped = Math.min(100, Math.max(0, Math.round(next)));
    setPercent(clamped);
    setDriver('spend');
    setText(spendForPercent(side, clamped, balances));
    setTouched(true);
    setSubmitError(null);
  }

  async function submit() {
    if (trade.isPending) return;
    setTouched(true);
    if (problem) {
      setSubmitError(problem);
      toast.error(problem);
      return;
    }
    // validateQuickTrade passed, so the order has its amount.
    const body = { side, usdtAmount: order.usdtAmount ?? '', quotedRate: rate };
    try {
      const answer = await trade.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.settle();
      setBalances(answer.balances);
      void refreshBalances();
      setCompleted(answer.trade);
      reset();
    } catch (err) {
      // A server answer ends this submission; a lost connection keeps its key for the retry.
      if (err instanceof ApiError && err.fromServer) keys.settle();
      toast.error(errorMessage(err, messages.quickBuy.failed));
      if (err instanceof ApiError && err.code === 'price_changed') {
        await refresh();
      }
    }
  }

  /** What the card shows under the boxes: a refused submit, or a live balance problem. */
  const liveProblem =
    problem === messages.quickBuy.loginRequired
      ? null
      : problem === messages.quickBuy.enterAmount
        ? touched
          ? problem
          : null
        : problem;

  return {
    signedIn,
    side,
    setSide,
    rate,
    live,
    order,
    driver,
    percent,
    balances,
    type,
    slide,
    submit,
    processing: trade.isPending,
    canSubmit: order.usdtAmount !== null && !trade.isPending,
    message: submitError ?? liveProblem,
    completed,
    closeCompleted: () => setCompleted(null),
  };
}
