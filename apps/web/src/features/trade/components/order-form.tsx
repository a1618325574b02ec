import { isDecimalInput, multiplyDecimal, sanitizeAmountInput } from '@sikka/contracts';
import { useId, type FormEvent } from 'react';
import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { formatInr } from '@/lib/format.ts';
import { Segmented } from '@/components/ui/segmented.tsx';

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

export interface OrderFormState {
  side: OrderSide;
  type: OrderType;
  /** INR per coin as typed (a decimal string, possibly half-typed or empty). */
  price: string;
  /** Coins as typed. */
  amount: string;
}

export interface OrderFormProps {
  state: OrderFormState;
  onChange: (next: OrderFormState) => void;
  symbol: string;
  /** Places the price and amount boxes accept. */
  priceScale: number;
  amountScale: number;
}

/** total = price × amount (PRODUCT.md §5), or nothing while either box is not a number. */
export function orderTotal(price: string, amount: string): string | null {
  if (!isDecimalInput(price) || !isDecimalInput(amount)) return null;
  return multiplyDecimal(price, amount, 2);
}

// Spot orders are not open (PRODUCT.md §1): the form has no submit handler, and Enter in a
// box must not reload the page.
const ignoreSubmit = (event: FormEvent) => event.preventDefault();

function NumberBox({
  label,
  value,
  suffix,
  onChange,
  disabled,
  testId,
}: {
  testId: string;
  label: string;
  value: string;
  suffix: string;
  onChange: (value: string) => void;
  disabled?: boolean;
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
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
          placeholder="0.00"
          className="h-10 w-full rounded-lg border border-line bg-canvas pr-14 pl-3 text-sm text-ink tabular-nums placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none disabled:text-muted"
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-subtle">
          {suffix}
        </span>
      </div>
    </div>
  );
}

/**
 * The spot order form under the 'Coming Soon!' overlay. Its state still follows the page (coin
 * changes, order-book clicks), and the veil is translucent so those values show through.
 */
export function OrderForm({ state, onChange, symbol, priceScale, amountScale }: OrderFormProps) {
  const total = orderTotal(state.price, state.amount);
  const set = (patch: Partial<OrderFormState>) => onChange({ ...state, ...patch });
  const buy = state.side === 'buy';
  return (
    <section aria-labelledby="order-heading" className="@container relative">
      <h2 id="order-heading" className="sr-only">
        Place an order
      </h2>
      {/* inert: nothing behind the overlay can be focused or typed into while it is shown. */}
      {/* inert: nothing behind the overlay can be focused or typed into while it is shown. The
          top padding leaves room for the overlay's message, so no field hides behind it. */}
      <form
        onSubmit={ignoreSubmit}
        inert
        className="grid gap-3 p-4 pt-24 @lg:grid-cols-2"
        aria-label="Spot order"
      >
        <Segmented
          label="Side"
          value={state.side}
          options={[
            ['buy', 'Buy'],
            ['sell', 'Sell'],
          ]}
          onChange={(side) => set({ side })}
          tone={(v) => (v === 'buy' ? 'bg-up text-canvas' : 'bg-down text-canvas')}
          testIdPrefix="order-option-"
        />
        <Segmented
          label="Order type"
          value={state.type}
          options={[
            ['limit', 'Limit'],
            ['market', 'Market'],
          ]}
          onChange={(type) => set({ type })}
          testIdPrefix="order-option-"
        />
        <NumberBox
          testId="order-price"
          label="Price"
          suffix="INR"
          value={state.price}
          onChange={(price) => set({ price: sanitizeAmountInput(price, priceScale) })}
          disabled={state.type === 'market'}
        />
        <NumberBox
          testId="order-amount"
          label="Amount"
          suffix={symbol}
          value={state.amount}
          onChange={(amount) => set({ amount: sanitizeAmountInput(amount, amountScale) })}
        />
        <div className="flex h-11 items-center justify-between rounded-lg bg-canvas px-3 text-sm">
          <span className="text-muted">Total</span>
          <output className="font-semibold text-ink tabular-nums" data-testid="order-total">
            {total === null ? '—' : formatInr(total)}
          </output>
        </div>
        <button
          type="submit"
          data-testid="order-submit"
          className={clsx(
            'h-11 w-full rounded-lg text-sm font-semibold text-canvas',
            buy ? 'bg-up' : 'bg-down',
          )}
        >
          {buy ? 'Buy' : 'Sell'} {symbol}
        </button>
      </form>
      <div
        className="absolute inset-0 flex items-start justify-center bg-canvas/40 p-4"
        data-testid="coming-soon-overlay"
      >
        <div
          role="status"
          className="flex h-16 w-full items-center gap-3 rounded-xl border border-accent/40 bg-surface px-4 shadow-xl shadow-black/40"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent/15 text-accent">
            <Lock className="size-4" aria-hidden="true" />
          </span>
          <div>
            <p className="font-semibold text-ink">Coming Soon!</p>
            <p className="text-xs text-muted">Trading functionality will be available shortly</p>
          </div>
        </div>
      </div>
    </section>
  );
}
