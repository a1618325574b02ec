import { useId } from 'react';
import { clsx } from 'clsx';
import { FieldNote, fieldNoteRef } from '@/components/ui/field-note.tsx';

export interface ReasonFieldProps {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  autoFocus?: boolean;
}

/** A rejection reason: a labelled textarea whose hint or error is tied to it. */
export function ReasonField({
  label,
  hint,
  error,
  value,
  onChange,
  maxLength,
  autoFocus,
}: ReasonFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        rows={3}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldNoteRef({ id, hint, error })}
        className={clsx(
          'w-full resize-y rounded-lg border bg-canvas px-3.5 py-2.5 text-[15px] text-ink placeholder:text-subtle outline-none',
          'focus:border-accent focus:ring-2 focus:ring-accent/30',
          error ? 'border-down' : 'border-line hover:border-line-strong',
        )}
      />
      <FieldNote id={id} hint={hint} error={error} />
    </div>
  );
}
