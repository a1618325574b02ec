import { useState, type FormEvent } from 'react';
import { messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { SecondFactorCodeField } from '@/components/security/second-factor-code-field.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useGuestRedirectHold } from '@/features/auth/hooks/use-guest-redirect-hold.ts';

export interface TwoFactorStepProps {
  /** The session exists: toast and go on. */
  onSignedIn(): Promise<void>;
  /** Back to e-mail and password (another account, or the step expired). */
  onRestart(): void;
  /** A failure, for the form to toast (and take away once a sign-in succeeds). */
  onFailed(message: string): void;
}

/**
 * The second step of a sign-in with two-factor on: the app's 6-digit code or a backup code.
 * Errors stay at the field; an expired step sends the person back to the password.
 */
export function TwoFactorStep({ onSignedIn, onRestart, onFailed }: TwoFactorStepProps) {
  const { completeTwoFactor } = useAuth();
  const holdRedirect = useGuestRedirectHold();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (loading) return;
    if (code.trim() === '') {
      setError(messages.security.codeRequired);
      return;
    }
    setLoading(true);
    holdRedirect(true);
    try {
      await completeTwoFactor(code.trim());
    } catch (err) {
      holdRedirect(false);
      setLoading(false);
      // The step's five minutes are over (or its cookie is gone): start again.
      if (err instanceof ApiError && err.status === 401 && err.code === 'unauthorized') {
        onFailed(errorMessage(err, messages.security.twoFactorExpired));
        onRestart();
        return;
      }
      const fieldMessage = err instanceof ApiError ? err.fields.code : undefined;
      setError(fieldMessage ?? errorMessage(err, messages.login.failedToast));
      // Ready for the next try: the wrong code is selected, so typing replaces it.
      const field = form.elements.namedItem('code');
      if (field instanceof HTMLInputElement) field.select();
      return;
    }
    await onSignedIn();
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      <p className="text-ink">
        Enter the 6-digit code from your authenticator app, or a backup code
      </p>
      <SecondFactorCodeField
        value={code}
        error={error}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={loading}>
        {loading ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="ghost" size="md" className="w-full" onClick={onRestart} disabled={loading}>
        Use a different account
      </Button>
    </form>
  );
}
