import { useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { OrDivider } from '@/components/ui/or-divider.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useGuestRedirectHold } from '@/features/auth/hooks/use-guest-redirect-hold.ts';

/**
 * "Sign in with a passkey" under the login form; not shown where the browser has no WebAuthn.
 * The passkey itself says whose account it is, so no e-mail is asked for.
 */
export function PasskeySignIn({
  rememberMe,
  onSignedIn,
  onFrozen,
  onFailed,
}: {
  rememberMe: boolean;
  onSignedIn(): Promise<void>;
  /** The account is frozen (ADR 035): the server's words, for the form to keep on screen. */
  onFrozen(message: string): void;
  /** A failure, for the form to toast (and take away once a sign-in succeeds). */
  onFailed(message: string): void;
}) {
  const { loginWithPasskey } = useAuth();
  const holdRedirect = useGuestRedirectHold();
  const [supported] = useState(browserSupportsWebAuthn);
  const [loading, setLoading] = useState(false);
  if (!supported) return null;

  async function signIn() {
    setLoading(true);
    holdRedirect(true);
    try {
      await loginWithPasskey(rememberMe);
    } catch (err) {
      holdRedirect(false);
      setLoading(false);
      if (err instanceof ApiError && err.code === 'account_frozen') {
        onFrozen(err.message);
        return;
      }
      // The server's words when it refused; the browser's refusals (cancelled, timed out) get ours.
      onFailed(
        err instanceof ApiError
          ? errorMessage(err, messages.security.passkeyFailed)
          : messages.security.passkeyFailed,
      );
      return;
    }
    await onSignedIn();
  }

  return (
    <div className="space-y-5">
      <OrDivider />
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => void signIn()}
        disabled={loading}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        Sign in with a passkey
      </Button>
    </div>
  );
}
