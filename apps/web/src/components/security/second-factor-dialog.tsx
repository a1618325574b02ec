import { useState, type FormEvent } from 'react';
import { messages } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { DialogSheet } from '@/components/ui/dialog-sheet.tsx';
import { SecondFactorCodeField } from '@/components/security/second-factor-code-field.tsx';

export interface SecondFactorDialogProps {
  /** The server's words: the code is needed, or the last one was wrong. */
  message: string;
  /** The last code was refused: the message is shown as the field's error. */
  invalid: boolean;
  /** A code (the app's or a backup code), or null for Cancel, Escape and the X. */
  onDone(code: string | null): void;
}

/**
 * "Confirm it's you": the code a sensitive action (a withdrawal, a new bank account, a new
 * password) needs when two-factor is on. Opened by the API client's step-up prompt; its own
 * chunk, loaded the first time it is needed.
 */
export default function SecondFactorDialog({ message, invalid, onDone }: SecondFactorDialogProps) {
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') {
      setEmpty(true);
      return;
    }
    onDone(trimmed);
  }

  const error = empty ? messages.security.codeRequired : invalid ? message : undefined;
  return (
    <DialogSheet
      open
      onClose={() => onDone(null)}
      title="Confirm it's you"
      description={invalid ? messages.security.codeRequiredAgain : message}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <SecondFactorCodeField
          hint="The 6-digit code from your authenticator app, or a backup code."
          error={error}
          value={code}
          onChange={(value) => {
            setCode(value);
            setEmpty(false);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" size="md" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit" size="md">
            Confirm
          </Button>
        </div>
      </form>
    </DialogSheet>
  );
}
