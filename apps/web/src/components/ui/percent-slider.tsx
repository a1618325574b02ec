import * as Slider from '@radix-ui/react-slider';
import { clsx } from 'clsx';

const STOPS = [0, 25, 50, 75, 100] as const;

/**
 * 0–100 % of a balance (the quick trade's, the spot order form's): a Radix slider (keyboard,
 * aria-valuenow) and quick stops. `compact` for the denser spot form; `stopLabel` names each
 * stop for screen readers where "25%" alone would not say of what.
 */
export function PercentSlider({
  value,
  onChange,
  label,
  disabled,
  compact = false,
  stopLabel,
}: {
  value: number;
  onChange(value: number): void;
  label: string;
  disabled?: boolean;
  compact?: boolean;
  stopLabel?: (stop: number) => string;
}) {
  return (
    <div>
      <Slider.Root
        value={[value]}
        min={0}
        max={100}
        step={1}
        disabled={disabled}
        onValueChange={([v]) => onChange(v ?? 0)}
        className={clsx(
          'relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50',
          compact ? 'h-5' : 'h-6',
        )}
      >
        <Slider.Track
          className={clsx(
            'relative grow overflow-hidden rounded-full bg-raised',
            compact ? 'h-1' : 'h-1.5',
          )}
        >
          <Slider.Range className="absolute h-full rounded-full bg-accent" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={label}
          aria-valuetext={`${Math.round(value)}%`}
          className={clsx(
            'block rounded-full border-2 border-accent bg-canvas shadow focus-visible:ring-4 focus-visible:ring-accent/30 focus-visible:outline-none',
            compact ? 'size-4' : 'size-5',
          )}
        />
      </Slider.Root>
      <div className={clsx('flex justify-between gap-1', compact ? 'mt-1.5' : 'mt-2')}>
        {STOPS.map((stop) => (
          <button
            key={stop}
            type="button"
            disabled={disabled}
            onClick={() => onChange(stop)}
            {...(stopLabel ? { 'aria-label': stopLabel(stop) } : {})}
            className={clsx(
              'rounded-md px-2 py-0.5 text-xs font-medium tabular-nums transition-colors disabled:cursor-not-allowed',
              Math.round(value) === stop && stop > 0
                ? 'bg-accent/15 text-accent'
                : 'text-subtle hover:text-ink',
            )}
          >
            {stop}%
          </button>
        ))}
      </div>
    </div>
  );
}
