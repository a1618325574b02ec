import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { clsx } from 'clsx';
import { ChevronDown, CircleAlert } from 'lucide-react';
import {
  messages,
  spotTimeInForces,
  type KycStatus,
  type SpotMarket,
  type SpotTimeInForce,
} from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { KycRequiredPrompt } from '@/components/kyc/kyc-required-prompt.tsx';
import { formatInr } from '@/lib/format.ts';
import { startKycHref } from '@/lib/kyc-link.ts';
import type { SpotOrderFormModel } from '@/features/spot/hooks/use-spot-order-form.ts';
import { formatCoins } from '@/features/spot/lib/order-text.ts';
import { PercentSlider } from '@/components/ui/percent-slider.tsx';
import { Segmented } from '@/components/ui/segmented.tsx';
import { MobileOrderBar } from './mobile-order-bar.tsx';

function NumberBox({
  label,
  value,
  suffix,
  onChange,
  onBlur,
  disabled,
  placeholder = '0.00',
  error,
  name,
}: {
  label: string;
  value: string;
  suffix: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  error?: string;
  name: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={clsx(
            'h-10 w-full rounded-lg border bg-canvas pr-14 pl-3 text-sm text-ink tabular-nums placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none disabled:text-muted',
            error ? 'border-down' : 'border-line',
          )}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-subtle">
          {suffix}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-down" data-field-error="">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SpotOrderFormProps {
  market: SpotMarket;
  form: SpotOrderFormModel;
  signedIn: boolean;
  /** The user's KYC when not verified (the server refuses their orders); null when verified. */
  kycStatus: Exclude<KycStatus, 'verified'> | null;
  kycRejectedReason: string | null;
  /** Available INR and coins; null while unknown. */
  available: { inr: string; coin: string } | null;
  /** Fees as fractions ('0.001'), shown as percentages. */
  makerFee: string;
  takerFee: string;
}

const percent = (fraction: string) =>
  `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 }).format(Number(fraction) * 100)}%`;

/**
 * The spot order form: Buy/Sell, Limit/Market, price, amount and total in step, a slider of
 * the available balance, time in force and post-only under "Advanced", and the submit.
 */
export function SpotOrderForm({
  market,
  form,
  signedIn,
  kycStatus,
  kycRejectedReason,
  available,
  makerFee,
  takerFee,
}: SpotOrderFormProps) {
  const { state, errors } = form;
  const root = useRef<HTMLElement>(null);
  const buy = state.side === 'buy';
  const limit = state.type === 'limit';
  const base = market.base;
  const tifs: readonly SpotTimeInForce[] = limit ? spotTimeInForces : ['IOC', 'FOK'];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit();
  }

  let gate: ReactNode = null;
  if (!signedIn) {
    gate = (
      <div className="grid place-items-center gap-3 rounded-xl border border-line bg-canvas/60 px-4 py-6 text-center">
        <p className="text-sm text-muted">{messages.quickBuy.loginRequired}</p>
        <Link to={paths.login} className={buttonClasses('primary', 'md')}>
          Log in to trade
        </Link>
      </div>
    );
  } else if (kycStatus) {
    gate = (
      <KycRequiredPrompt
        status={kycStatus}
        action={messages.kycRequired.trade}
        startHref={startKycHref()}
        rejectedReason={kycRejectedReason}
      />
    );
  }

  return (
    <section ref={root} aria-labelledby="order-heading" className="@container scroll-mt-20">
      <MobileOrderBar base={market.base} target={root} onSide={form.setSide} />
      <h2 id="order-heading" className="sr-only">
        Place an order
      </h2>
      <div className="grid gap-3 p-4 @lg:grid-cols-2">
        <Segmented
          label="Side"
          value={state.side}
          options={[
            ['buy', 'Buy'],
            ['sell', 'Sell'],
          ]}
          onChange={form.setSide}
          tone={(v) => (v === 'buy' ? 'bg-up text-canvas' : 'bg-down text-canvas')}
        />
        <Segmented
          label="Order type"
          value={state.type}
          options={[
            ['limit', 'Limit'],
            ['market', 'Market'],
          ]}
          onChange={form.setType}
        />
      </div>
      {gate ? (
        <div className="px-4 pb-4">{gate}</div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Spot order"
          className="grid gap-3 px-4 pb-4 @lg:grid-cols-2"
        >
          {limit ? (
            <NumberBox
              name="price"
              label="Price"
              suffix="INR"
              value={state.price}
              onChange={form.setPrice}
              onBlur={form.snapPrice}
              error={errors.price}
            />
          ) : (
            <NumberBox
              name="price"
              label="Price"
              suffix="INR"
              value=""
              placeholder="Best market price"
              onChange={() => undefined}
              disabled
            />
          )}
          <NumberBox
            name="amount"
            label="Amount"
            suffix={base}
            value={state.amount}
            onChange={form.setAmount}
            placeholder={!limit && buy && state.driver === 'total' ? 'By total' : '0'}
            error={errors.quantity}
          />
          <NumberBox
            name="total"
            label={!limit && buy ? 'Total (spend at most)' : 'Total'}
            suffix="INR"
            value={state.total}
            onChange={form.setTotal}
            disabled={!limit && !buy}
            placeholder={!limit && !buy ? 'At market' : '0.00'}
            error={errors.quoteAmount}
          />
          <div className="grid content-start gap-2">
            <div className="flex items-center justify-between text-xs">
              <span className="text-muted">Available</span>
              <span className="font-medium text-ink tabular-nums" data-testid="spot-available">
                {available
                  ? buy
                    ? formatInr(available.inr)
                    : formatCoins(available.coin, base)
                  : '—'}
              </span>
            </div>
            <PercentSlider
              compact
              stopLabel={(stop) => `${stop}% of the available balance`}
              label={`Share of your ${buy ? 'INR' : base} balance`}
              value={state.percent}
              onChange={form.setPercent}
              disabled={form.pending || !available}
            />
          </div>

          <details className="group rounded-lg border border-line bg-canvas/40 @lg:col-span-2">
            <summary className="flex cursor-pointer list-none items-center justify-between px-3 py-2 text-xs font-semibold text-muted hover:text-ink">
              Advanced
              <ChevronDown
                className="size-4 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <div className="grid gap-3 border-t border-line px-3 py-3 sm:grid-cols-2">
              <fieldset>
                <legend className="mb-1 text-xs font-medium text-muted">Time in force</legend>
                <div className="flex gap-1 rounded-lg bg-canvas p-1">
                  {tifs.map((tif) => (
                    <label
                      key={tif}
                      className={clsx(
                        'flex-1 cursor-pointer rounded-md py-1 text-center text-xs font-semibold',
                        state.timeInForce === tif ? 'bg-raised text-ink' : 'text-muted',
                      )}
                      title={
                        tif === 'GTC'
                          ? 'Good till cancelled: rests on the book'
                          : tif === 'IOC'
                            ? 'Immediate or cancel: fills what it can now'
                            : 'Fill or kill: fills in full now, or not at all'
                      }
                    >
                      <input
                        type="radio"
                        name="timeInForce"
                        value={tif}
                        checked={state.timeInForce === tif}
                        onChange={() => form.setTimeInForce(tif)}
                        className="sr-only"
                      />
                      {tif}
                    </label>
                  ))}
                </div>
              </fieldset>
              <label
                className={clsx(
                  'flex items-center gap-2 self-end pb-1 text-sm',
                  limit ? 'text-muted' : 'text-subtle',
                )}
              >
                <input
                  type="checkbox"
                  checked={state.postOnly}
                  disabled={!limit}
                  onChange={(e) => form.setPostOnly(e.target.checked)}
                  className="size-4 accent-accent"
                />
                Post-only (maker)
              </label>
            </div>
          </details>

          {errors.form ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-down/30 bg-down/10 px-3 py-2 text-sm text-down @lg:col-span-2"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{errors.form}</span>
            </p>
          ) : null}

          <div className="grid gap-1.5 @lg:col-span-2">
            <button
              type="submit"
              disabled={form.pending}
              className={clsx(
                'h-11 w-full rounded-lg text-sm font-semibold text-canvas transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                buy ? 'bg-up hover:bg-up/90' : 'bg-down hover:bg-down/90',
              )}
            >
              {form.pending ? 'Placing order…' : `${buy ? 'Buy' : 'Sell'} ${base}`}
            </button>
            <p className="text-center text-[11px] text-subtle">
              Fees: maker {percent(makerFee)}, taker {percent(takerFee)}
              {buy ? '' : '; TDS is withheld from a sale (sec. 194S)'}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
