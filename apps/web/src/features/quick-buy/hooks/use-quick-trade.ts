import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  messages,
  quickPrices,
  sanitizeAmountInput,
  type Trade,
  type TradeType,
} from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { createSubmissionKeys } from '@/lib/idempotency.ts';
import { useUsdtInrPrice } from '@/hooks/use-usdt-inr-price.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useCreateQuickTrade } from '@/features/quick-buy/api/create-quick-trade.ts';
import { useTdsRate } from '@/features/quick-buy/api/get-quote-settings.ts';
import {
  fieldScale,
  percentForSpend,
  quickOrder,
  spendForPercent,
  validateQuickTrade,
  type AmountField,
} from '@/features/quick-buy/lib/quick-trade.ts';

/**
 * The Instant Trade card's state (PRODUCT.md §4 "Quick buy"): side, the box the user typed in,
 * the slider, the live rate, the messages, and the trade request with its Idempotency-Key.
 */
export function useQuickTrade() {
  const { user, status, balance, usdtBalance, setBalances, refreshBalances } = useAuth();
  const signedIn = status === 'signedIn' && user !== null;
  const { rate: marketRate, live, refresh } = useUsdtInrPrice();
  // The server's own formula (contracts), so the preview is what the server will charge.
  const prices = quickPrices(marketRate);
  const trade = useCreateQuickTrade();
  const keys = useRef(createSubmissionKeys()).current;

  const [side, setSideState] = useState<TradeType>('buy');
  const [driver, setDriver] = useState<AmountField>('spend');
  const [text, setText] = useState('');
  const [percent, setPercent] = useState(0);
  /** Set once the user has typed or pressed submit, so 'Please enter amount' is not shown cold. */
  const [touched, setTouched] = useState(false);
  /**
   * The message of the last refused submit (login, amount, or the server's refusal: KYC,
   * trade limits, too many requests); cleared by the next edit. `aboutAmount` marks the
   * amount box invalid too.
   */
  const [submitError, setSubmitError] = useState<{ text: string; aboutAmount: boolean } | null>(
    null,
  );
  const [completed, setCompleted] = useState<Trade | null>(null);

  const rate = side === 'buy' ? prices.buy : prices.sell;
  const balances = useMemo(() => ({ inr: balance, usdt: usdtBalance }), [balance, usdtBalance]);
  const tdsRate = useTdsRate();
  const order = quickOrder(side, driver, text, rate, tdsRate);
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
    const spend = quickOrder(side, field, value, rate, tdsRate).spend;
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
      setSubmitError({
        text: problem,
        aboutAmount: problem !== messages.quickBuy.loginRequired,
      });
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
      const text = errorMessage(err, messages.quickBuy.failed);
      toast.error(text);
      if (err instanceof ApiError && err.fromServer) {
        // The server's refusal (403 kyc_required, 422 trade_limit with its configured bounds,
        // 429 rate_limited, 409 price_changed...) stays under the boxes like the form's own.
        setSubmitError({ text, aboutAmount: 'usdtAmount' in err.fields });
      }
      if (err instanceof ApiError && err.code === 'kyc_required') {
        // The user's KYC changed elsewhere: re-reading it turns the form into the KYC prompt.
        await refreshBalances();
      }
      if (err instanceof ApiError && err.code === 'price_changed') {
        await refresh();
      }
    }
  }

  /** What the card shows under the boxes: a refused submit, or a live amount problem. */
  const liveProblem =
    problem === messages.quickBuy.loginRequired
      ? null
      : problem === messages.quickBuy.enterAmount
        ? touched
          ? problem
          : null
        : problem;
  const message = submitError?.text ?? liveProblem;
  /** Which box the message is about, for aria-invalid; null for login, KYC, rate limits. */
  const invalidField: AmountField | null =
    message === null || (submitError !== null && !submitError.aboutAmount)
      ? null
      : message === messages.quickBuy.enterAmount
        ? driver
        : message === messages.quickBuy.loginRequired
          ? null
          : 'spend';
  /** Signed in but not yet allowed to trade: the card shows the KYC prompt instead of the form. */
  const kycStatus = signedIn && user.kycStatus !== 'verified' ? user.kycStatus : null;

  return {
    signedIn,
    side,
    setSide,
    rate,
    live,
    order,
    tdsRate,
    driver,
    percent,
    balances,
    type,
    slide,
    submit,
    processing: trade.isPending,
    canSubmit: order.usdtAmount !== null && !trade.isPending,
    message,
    invalidField,
    kycStatus,
    kycRejectedReason: user?.kycRejectedReason ?? null,
    completed,
    closeCompleted: () => setCompleted(null),
  };
}
