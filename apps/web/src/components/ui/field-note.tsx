import type { ReactNode } from 'react';
import { clsx } from 'clsx';

/** The hint under a form control, replaced by its error when there is one. */
export interface FieldNoteProps {
  /** The control's id: the note is `${id}-note`, which the control names in aria-describedby. */
  id: string;
  hint?: ReactNode;
  error?: string;
}

/** What the control's aria-describedby should be: the note's id while a note shows. */
export const fieldNoteRef = ({ id, hint, error }: FieldNoteProps): string | undefined =>
  (error ?? hint) ? `${id}-note` : undefined;

/** The note itself; e2e page models find errors by `data-field-error`. */
export function FieldNote({ id, hint, error }: FieldNoteProps) {
  const note = error ?? hint;
  if (!note) return null;
  return (
    <p
      id={`${id}-note`}
      className={clsx('mt-1.5 text-sm', error ? 'text-down' : 'text-subtle')}
      data-field-error={error ? '' : undefined}
    >
      {note}
    </p>
  );
}
