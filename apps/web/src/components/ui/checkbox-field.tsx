import { clsx } from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  label: ReactNode;
  error?: string;
}

/** A native checkbox (keyboard and form behaviour for free) in the app's colours. */
export function CheckboxField({ label, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(
            'mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-accent',
            error ? 'outline outline-1 outline-down' : undefined,
          )}
          {...input}
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-5 text-muted select-none">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-down" data-field-error="">
          {error}
        </p>
      ) : null}
    </div>
  );
}
