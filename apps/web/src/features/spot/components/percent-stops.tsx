import * as Slider from '@radix-ui/react-slider';
import { clsx } from 'clsx';

const STOPS = [0, 25, 50, 75, 100] as const;

/** 0–100 % of the available balance: a Radix slider (keyboard, aria-valuenow) and quick stops. */
export function PercentStops({
  value,
  onChange,
  label,
  disabled,
}: {
  value: number;
  onChange(value: number): void;
  label: string;
  disabled?: boolean;
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
        className="relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50"
      >
        <Slider.Track className="relative h-1 grow overflow-hidden rounded-full bg-raised">
          <Slider.Range className="absolute h-full rounded-full bg-accent" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={label}
          aria-valuetext={`${Math.round(value)}%`}
          className="block size-4 rounded-full border-2 border-accent bg-canvas shadow focus-visible:ring-4 focus-visible:ring-accent/30 focus-visible:outline-none"
        />
      </Slider.Root>
      <div className="mt-1.5 flex justify-between gap-1">
        {STOPS.map((stop) => (
          <button
            key={stop}
            type="button"
            disabled={disabled}
            onClick={() => onChange(stop)}
            aria-label={`${stop}% of the available balance`}
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
