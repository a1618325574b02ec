import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import { ArrowDown, CircleAlert, Zap } from 'lucide-react';
import { messages, type TradeType } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { KycRequiredPrompt } from '@/components/kyc/kyc-required-prompt.tsx';
import { formatInr, formatUsdtRecord } from '@/lib/format.ts';
import { startKycHref } from '@/lib/kyc-link.ts';
import type { useQuickTrade } from '@/features/quick-buy/hooks/use-quick-trade.ts';
import { fieldUnit, rateLabel, tdsPercentLabel } from '@/features/quick-buy/lib/quick-trade.ts';
import { AmountInput } from './amount-input.tsx';
import { PercentSlider } from '@/components/ui/percent-slider.tsx';
import { useCrypto } from '@/lib/realtime/use-crypto.ts';

type QuickTrade = ReturnType<typeof useQuickTrade>;

const labels: Record<TradeType, { spend: string; receive: string; action: string }> = {
  buy: { spend: 'You spend', receive: 'You receive', action: 'Buy USDT' },
  sell: { spend: 'You sell', receive: 'You receive', action: 'Sell USDT' },
};

function useRateLabel(live: boolean): { text: string; title: string } {
  return rateLabel(live, useCrypto().source);
}

/**
 * The Instant Trade card: Buy/Sell tabs, rate, linked amounts, slider, messages, submit. A
 * signed-in user whose KYC is not verified sees the rates and, in place of the form, what to
 * do about KYC: the server would refuse their trade (DESIGN.md §8).
 */
export function InstantTradeCard({ quick }: { quick: QuickTrade }) {
  const messageId = useId();
  const { side, order, message, signedIn } = quick;
  const text = labels[side];
  const rateLabel = useRateLabel(quick.live);
  const spendInvalid = quick.invalidField === 'spend';
  const receiveInvalid = quick.invalidField === 'receive';
  const rateRow = (
    <div className="flex items-center justify-between rounded-xl bg-canvas/60 px-4 py-3 text-sm">
      <span className="text-muted">{side === 'buy' ? 'Buy rate' : 'Sell rate'}</span>
      <span className="font-semibold tabular-nums text-ink" data-testid="quick-rate">
        1 USDT = {formatInr(quick.rate)}
      </span>
    </div>
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void quick.submit();
  }

  return (
    <section
      aria-labelledby="instant-trade-title"
      className="rounded-2xl border border-line bg-surface shadow-xl shadow-black/20"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
        <h2
          id="instant-trade-title"
          className="flex items-center gap-2 text-lg font-semibold text-ink"
        >
          <Zap className="size-5 text-accent" aria-hidden="true" />
          Instant Trade
        </h2>
        <span
          className={clsx(
            'flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium',
            // Simulated prices wear the accent of the app's "Simulated prices" badge; green
            // is kept for a live exchange's rate.
            !quick.live
              ? 'bg-raised text-muted'
              : rateLabel.text === 'Simulated prices'
                ? 'bg-accent/10 text-accent'
                : 'bg-up/12 text-up',
          )}
          title={rateLabel.title}
          data-testid="quick-rate-source"
        >
          <span
            aria-hidden="true"
            className={clsx(
              'size-1.5 rounded-full',
              !quick.live
                ? 'bg-subtle'
                : rateLabel.text === 'Simulated prices'
                  ? 'animate-pulse bg-accent'
                  : 'animate-pulse bg-up',
            )}
          />
          {rateLabel.text}
        </span>
      </div>

      <Tabs.Root value={side} onValueChange={(v) => quick.setSide(v === 'sell' ? 'sell' : 'buy')}>
        <Tabs.List aria-label="Trade side" className="grid grid-cols-2 gap-1 p-4 pb-0">
          {(['buy', 'sell'] as const).map((s) => (
            <Tabs.Trigger
              key={s}
              value={s}
              className={clsx(
                'h-10 rounded-lg text-sm font-semibold transition-colors',
                'data-[state=inactive]:bg-raised/60 data-[state=inactive]:text-muted data-[state=inactive]:hover:text-ink',
                s === 'buy'
                  ? 'data-[state=active]:bg-up data-[state=active]:text-canvas'
                  : 'data-[state=active]:bg-down data-[state=active]:text-canvas',
              )}
            >
              {s === 'buy' ? 'Buy' : 'Sell'}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {(['buy', 'sell'] as const).map((s) => (
          <Tabs.Content key={s} value={s} className="outline-none">
            {s !== side ? null : quick.kycStatus ? (
              <div className="space-y-4 p-4 pt-4 md:p-5">
                {rateRow}
                <KycRequiredPrompt
                  status={quick.kycStatus}
                  action={messages.kycRequired.trade}
                  startHref={startKycHref()}
                  rejectedReason={quick.kycRejectedReason}
                />
              </div>
            ) : (
              <form onSubmit={onSubmit} noValidate className="space-y-4 p-4 pt-4 md:p-5">
                {rateRow}

                <AmountInput
                  name="spend"
                  label={`${text.spend} (${fieldUnit(side, 'spend')})`}
                  unit={fieldUnit(side, 'spend')}
                  value={order.spend}
                  onChange={(v) => quick.type('spend', v)}
                  invalid={spendInvalid}
                  describedBy={spendInvalid ? messageId : undefined}
                />
                <div className="-my-2 flex justify-center" aria-hidden="true">
                  <span className="grid size-8 place-items-center rounded-full border border-line bg-raised text-muted">
                    <ArrowDown className="size-4" />
                  </span>
                </div>
                <AmountInput
                  name="receive"
                  label={`${text.receive} (${fieldUnit(side, 'receive')})`}
                  unit={fieldUnit(side, 'receive')}
                  value={order.receive}
                  onChange={(v) => quick.type('receive', v)}
                  invalid={receiveInvalid}
                  describedBy={receiveInvalid ? messageId : undefined}
                />

                <div className="flex items-center justify-between text-sm">
                  <span className="text-muted">Available</span>
                  <span className="font-medium tabular-nums text-ink" data-testid="quick-available">
                    {signedIn
                      ? side === 'buy'
                        ? formatInr(quick.balances.inr)
                        : formatUsdtRecord(quick.balances.usdt)
                      : '—'}
                  </span>
                </div>
                <PercentSlider
                  label={`Share of your ${side === 'buy' ? 'INR' : 'USDT'} balance`}
                  value={quick.percent}
                  onChange={quick.slide}
                  disabled={quick.processing}
                />

                {message ? (
                  <p
                    id={messageId}
                    role="alert"
                    className="flex items-start gap-2 rounded-lg border border-down/30 bg-down/10 px-3 py-2 text-sm text-down"
                  >
                    <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>
                      {message}
                      {message === messages.quickBuy.loginRequired ? (
                        <>
                          {' '}
                          <Link
                            to={paths.login}
                            className="font-semibold underline underline-offset-2"
                          >
                            Log in
                          </Link>
                        </>
                      ) : null}
                    </span>
                  </p>
                ) : null}

                {order.usdtAmount && order.inrTotal ? (
                  <p className="text-xs text-subtle" data-testid="quick-summary">
                    {side === 'buy' ? 'You buy' : 'You sell'} {order.usdtAmount} USDT for{' '}
                    {formatInr(order.inrTotal)}. The final amount is confirmed by the server at the
                    live rate.
                  </p>
                ) : null}
                {side === 'sell' && order.inrTotal && order.tds && order.net ? (
                  // Section 194S: the seller sees what is withheld before confirming.
                  <dl
                    className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border border-line bg-canvas/40 px-3 py-2 text-xs"
                    data-testid="sell-breakdown"
                  >
                    <dt className="text-muted">Gross</dt>
                    <dd className="text-right font-medium text-ink tabular-nums">
                      {formatInr(order.inrTotal)}
                    </dd>
                    <dt className="text-muted">
                      TDS ({tdsPercentLabel(quick.tdsRate)}, sec. 194S)
                    </dt>
                    <dd className="text-right font-medium text-ink tabular-nums">
                      −{formatInr(order.tds)}
                    </dd>
                    <dt className="font-semibold text-ink">You receive</dt>
                    <dd className="text-right font-semibold text-up tabular-nums">
                      {formatInr(order.net)}
                    </dd>
                  </dl>
                ) : null}

                <button
                  type="submit"
                  disabled={!quick.canSubmit}
                  className={clsx(
                    'inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg text-base font-semibold text-canvas transition-colors',
                    'disabled:cursor-not-allowed disabled:opacity-50',
                    side === 'buy'
                      ? 'bg-up enabled:hover:bg-up/90'
                      : 'bg-down enabled:hover:bg-down/90',
                  )}
                >
                  {quick.processing ? 'Processing...' : text.action}
                </button>
                {!signedIn ? (
                  <p className="text-center text-sm text-muted">
                    New to Sikka?{' '}
                    <Link
                      to={paths.signup}
                      className="font-semibold text-accent hover:text-accent-hover"
                    >
                      Create an account
                    </Link>
                  </p>
                ) : null}
              </form>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
