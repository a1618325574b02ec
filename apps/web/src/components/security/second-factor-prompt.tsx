import { useEffect, useState } from 'react';
import { setSecondFactorPrompt } from '@/lib/api-client.ts';
import { deferred } from '@/components/deferred.tsx';
import { openedPartFailed } from '@/components/ui/retry-alert.tsx';

const SecondFactorDialog = deferred(() => import('./second-factor-dialog.tsx'));

interface Ask {
  message: string;
  invalid: boolean;
  /** Numbers the asks, so each opens with a fresh, empty field. */
  round: number;
  resolve(code: string | null): void;
}

let rounds = 0;

/**
 * Registers the API client's step-up prompt once for the whole app and shows "Confirm it's
 * you" while a request waits for a code. Requests that ask while the dialog is open share its
 * answer (a code is good once, but each of them would have needed the person anyway).
 */
export function SecondFactorPrompt() {
  const [ask, setAsk] = useState<Ask | null>(null);

  useEffect(() => {
    let waiting: Array<(code: string | null) => void> = [];
    return setSecondFactorPrompt(
      (message, reason) =>
        new Promise<string | null>((resolve) => {
          waiting.push(resolve);
          if (waiting.length > 1) return;
          rounds += 1;
          setAsk({
            message,
            invalid: reason === 'invalid',
            round: rounds,
            resolve(code) {
              const all = waiting;
              waiting = [];
              for (const done of all) done(code);
            },
          });
        }),
    );
  }, []);

  if (!ask) return null;
  const finish = (code: string | null) => {
    setAsk(null);
    ask.resolve(code);
  };
  return (
    <SecondFactorDialog
      key={ask.round}
      message={ask.message}
      invalid={ask.invalid}
      onDone={finish}
      failed={openedPartFailed('The confirmation', 'top', () => finish(null))}
    />
  );
}
