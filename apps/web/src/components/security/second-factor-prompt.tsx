import { useEffect, useState } from 'react';
import { setSecondFactorPrompt, type SecondFactorProof } from '@/lib/api-client.ts';
import { deferred } from '@/components/deferred.tsx';
import { openedPartFailed } from '@/components/ui/retry-alert.tsx';

const SecondFactorDialog = deferred(() => import('./second-factor-dialog.tsx'));

interface Ask {
  message: string;
  invalid: boolean;
  /** Numbers the dialogs (the first ask's attempt), so each opens fresh; kept while a wrong
   *  code is asked again. */
  round: number;
  /** Numbers the asks, so each starts with an empty field. */
  attempt: number;
  /** A code was given and its request is on its way: the dialog stays open, waiting. */
  checking: boolean;
  resolve(proof: SecondFactorProof | null): void;
}

let attempts = 0;

/**
 * Registers the API client's step-up prompt once for the whole app and shows "Confirm it's
 * you" while a request waits for a code. Requests that ask while the dialog is open share its
 * answer (a code is good once, but each of them would have needed the person anyway). After a
 * code is given the dialog stays open until its request has an answer: a wrong code is shown
 * in the same dialog, without it closing and opening again.
 */
export function SecondFactorPrompt() {
  const [ask, setAsk] = useState<Ask | null>(null);

  useEffect(() => {
    let waiting: Array<(proof: SecondFactorProof | null) => void> = [];
    return setSecondFactorPrompt(
      (message, reason) =>
        new Promise<SecondFactorProof | null>((resolve) => {
          waiting.push(resolve);
          if (waiting.length > 1) return;
          attempts += 1;
          const attempt = attempts;
          setAsk((open) => ({
            message,
            invalid: reason === 'invalid',
            round: open ? open.round : attempt,
            attempt,
            checking: false,
            resolve(proof) {
              const all = waiting;
              waiting = [];
              for (const done of all) done(proof);
            },
          }));
        }),
      // Only a dialog waiting on its code closes: one asking again stays.
      () => setAsk((open) => (open?.checking ? null : open)),
    );
  }, []);

  if (!ask) return null;
  const finish = (proof: SecondFactorProof | null) => {
    const { attempt } = ask;
    setAsk((open) =>
      open?.attempt !== attempt ? open : proof === null ? null : { ...open, checking: true },
    );
    ask.resolve(proof);
  };
  return (
    <SecondFactorDialog
      key={ask.round}
      message={ask.message}
      invalid={ask.invalid}
      attempt={ask.attempt}
      checking={ask.checking}
      onDone={finish}
      failed={openedPartFailed('The confirmation', 'top', () => finish(null))}
    />
  );
}
