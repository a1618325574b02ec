import { clsx } from 'clsx';
import { useId } from 'react';

/** A numeric amount box with its unit; the message under the card describes it when invalid. */
export function AmountInput({
  label,
  unit,
  value,
  onChange,
  invalid,
  describedBy,
  name,
}: {
  label: string;
  unit: 'INR' | 'USDT';
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string;
  name: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
        {label}
      </label>
      <div
        className={clsx(
          'flex h-14 items-center rounded-xl border bg-canvas transition-colors focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30',
          invalid ? 'border-down' : 'border-line hover:border-line-strong',
        )}
      >
        <input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className="h-full min-w-0 flex-1 bg-transparent px-4 text-lg font-semibold tabular-nums text-ink outline-none placeholder:font-normal placeholder:text-subtle focus-visible:outline-none"
        />
        <span className="mr-2 rounded-lg bg-raised px-2.5 py-1 text-xs font-semibold tracking-wide text-muted">
          {unit}
        </span>
      </div>
    </div>
  );
}
