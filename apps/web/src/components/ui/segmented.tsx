import { clsx } from 'clsx';

/**
 * Two or more mutually exclusive choices as pressed/unpressed buttons in one group (buy/sell,
 * limit/market). `tone` colours the pressed choice; `testIdPrefix` gives each button a test id.
 */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  tone,
  testIdPrefix,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<[T, string]>;
  onChange: (value: T) => void;
  tone?: (value: T) => string;
  testIdPrefix?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="grid grid-cols-2 gap-1 rounded-lg bg-canvas p-1"
    >
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          data-testid={testIdPrefix ? `${testIdPrefix}${v}` : undefined}
          className={clsx(
            'rounded-md py-1.5 text-sm font-semibold transition-colors',
            value === v ? (tone?.(v) ?? 'bg-raised text-ink') : 'text-muted hover:text-ink',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
