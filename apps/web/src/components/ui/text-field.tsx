import { clsx } from 'clsx';
import { FieldNote, fieldNoteRef } from './field-note.tsx';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  error?: string;
  /** Extra content at the right of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  /** Content inside the input box on the right (e.g. a show-password toggle). */
  trailing?: ReactNode;
}

/** A labelled input whose hint or error is tied to it for screen readers. */
export function TextField({
  label,
  hint,
  error,
  labelAside,
  trailing,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldNoteRef({ id, hint, error })}
          className={clsx(
            'h-11 w-full rounded-lg border bg-canvas px-3.5 text-[15px] text-ink placeholder:text-subtle',
            'transition-colors outline-none focus-visible:outline-none',
            'focus:border-accent focus:ring-2 focus:ring-accent/30',
            error ? 'border-down' : 'border-line hover:border-line-strong',
            trailing ? 'pr-11' : undefined,
          )}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
      <FieldNote id={id} hint={hint} error={error} />
    </div>
  );
}
