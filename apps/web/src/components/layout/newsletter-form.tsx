import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { buttonClasses } from '@/components/ui/button.tsx';

const FAILED = 'We could not subscribe you just now. Please try again.';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

/**
 * The footer's newsletter box: POST /api/newsletter stores the address (idempotent, so a
 * second try says the same). The answer replaces the box; a refusal shows under the field.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    if (email.trim() === '') {
      setState({ kind: 'error', message: messages.signup.emailInvalid });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const { subscribeNewsletter } = await import('./subscribe-newsletter.ts');
      const answer = await subscribeNewsletter(email);
      setState({ kind: 'done', message: answer.message });
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.email : undefined;
      setState({ kind: 'error', message: field ?? errorMessage(err, FAILED) });
    }
  }

  if (state.kind === 'done') {
    return (
      <p
        role="status"
        className="mt-8 flex max-w-sm items-start gap-2 rounded-lg border border-up/30 bg-up/[0.08] p-3 text-sm text-ink"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-up" aria-hidden="true" />
        {state.message}
      </p>
    );
  }
  const invalid = state.kind === 'error';
  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="mt-8 max-w-sm"
      aria-label="Newsletter"
    >
      <label htmlFor="newsletter-email" className="text-sm font-semibold text-ink">
        Subscribe to our newsletter
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          autoComplete="email"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 text-sm text-ink placeholder:text-subtle focus:border-accent focus:outline-none aria-invalid:border-down"
        />
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className={buttonClasses('primary', 'md')}
        >
          {state.kind === 'sending' ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      {invalid ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-down">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
