import { clsx } from 'clsx';
import { FieldNote, fieldNoteRef } from './field-note.tsx';
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (e.g. a bank account awaiting verification). */
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: ReadonlyArray<SelectOption>;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  error?: string;
  /** Keeps the label for screen readers only (e.g. compact filter bars). */
  hideLabel?: boolean;
}

/**
 * A labelled native select: the platform's own picker on phones and full keyboard support,
 * in the app's colours. Hint or error is tied to it for screen readers.
 */
export function SelectField({
  label,
  options,
  hint,
  error,
  hideLabel,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={clsx('mb-1.5 block text-sm font-medium text-ink', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldNoteRef({ id, hint, error })}
          className={clsx(
            'h-11 w-full cursor-pointer appearance-none rounded-lg border bg-canvas pr-10 pl-3.5 text-[15px] text-ink',
            'transition-colors outline-none focus:border-accent focus:ring-2 focus:ring-accent/30',
            error ? 'border-down' : 'border-line hover:border-line-strong',
          )}
          {...select}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
      </div>
      <FieldNote id={id} hint={hint} error={error} />
    </div>
  );
}
