import { useState, type FormEvent } from 'react';
import { messages } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { DialogSheet } from '@/components/ui/dialog-sheet.tsx';
import { SecondFactorCodeField } from '@/components/security/second-factor-code-field.tsx';
import { SecondFactorPasskey } from '@/components/security/second-factor-passkey.tsx';
import type { SecondFactorProof } from '@/lib/api-client.ts';

export interface SecondFactorDialogProps {
  /** The server's words: the code is needed, or the last one was wrong. */
  message: string;
  /** The last code was refused: the message is shown as the field's error. */
  invalid: boolean;
  /** Numbers the asks of this dialog: each starts with an empty field. */
  attempt: number;
  /** The code was given and is being checked: the dialog waits for the answer. */
  checking: boolean;
  /** A code (the app's or a backup code) or a passkey's answer; null for Cancel, Escape and
   *  the X. */
  onDone(proof: SecondFactorProof | null): void;
}

/**
 * "Confirm it's you": the code a sensitive action (a withdrawal, a new bank account, a new
 * password) needs when two-factor is on, or one of the person's passkeys instead. Opened by the API client's step-up prompt; its own
 * chunk, loaded the first time it is needed.
 */
export default function SecondFactorDialog(props: SecondFactorDialogProps) {
  const { message, invalid, onDone } = props;
  return (
    <DialogSheet
      open
      onClose={() => onDone(null)}
      title="Confirm it's you"
      description={invalid ? messages.security.codeRequiredAgain : message}
    >
      {/* A new ask (a wrong code) starts a fresh, focused field, and a new passkey challenge,
          in the same open dialog. */}
      <CodeForm key={props.attempt} {...props} />
    </DialogSheet>
  );
}

function CodeForm({ message, invalid, checking, onDone }: SecondFactorDialogProps) {
  const [code, setCode] = useState('');
  // The refused code's message, until the next code is typed over it.
  const [error, setError] = useState(invalid ? message : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    const trimmed = code.trim();
    if (trimmed === '') {
      setError(messages.security.codeRequired);
      return;
    }
    onDone({ code: trimmed });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <SecondFactorCodeField
        hint="The 6-digit code from your authenticator app, or a backup code."
        error={error}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
      <SecondFactorPasskey checking={checking} onProof={onDone} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" size="md" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" size="md" disabled={checking}>
          {checking ? 'Checking…' : 'Confirm'}
        </Button>
      </div>
    </form>
  );
}
