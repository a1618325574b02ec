import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { afterSignInPath } from '@/lib/auth/return-path.ts';
import { useGuestRedirectHold } from '@/features/auth/hooks/use-guest-redirect-hold.ts';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { ResultNotice } from './result-notice.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

/** The right password (or passkey) of a frozen account: sign-in is refused (ADR 035). */
const isFrozen = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code === 'account_frozen';

/**
 * Login (PRODUCT.md §2 "Login screen"). Email and password are required by the form itself.
 * With two-factor on, the password is followed by a code step in the same card (issue 16).
 */
export function LoginForm() {
  const { login } = useAuth();
  const holdRedirect = useGuestRedirectHold();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [loading, setLoading] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>('password');
  // A frozen account (ADR 035): said on the page, not in a toast that goes, since it says what
  // to do next (write to support).
  const [frozen, setFrozen] = useState('');
  // This form's failure toasts (ids): a sign-in that then succeeds takes them away,
  // so 'Invalid email or password' never sits beside 'Login successful!'.
  const failureToasts = useRef<Array<string | number>>([]);

  function failed(message: string) {
    failureToasts.current.push(toast.error(message));
  }

  async function signedIn() {
    for (const id of failureToasts.current) toast.dismiss(id);
    failureToasts.current = [];
    toast.success(messages.login.success);
    // Back to the page that sent the user here (checked to stay on this site), else /dashboard.
    await navigate(afterSignInPath(search), { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLoading(true);
    setFrozen('');
    holdRedirect(true);
    try {
      const outcome = await login({ email, password, rememberMe });
      if (outcome.kind === 'twoFactorRequired') {
        holdRedirect(false);
        setLoading(false);
        setStep('code');
        return;
      }
    } catch (err) {
      holdRedirect(false);
      setLoading(false);
      if (isFrozen(err)) setFrozen(err.message);
      else failed(errorMessage(err, messages.login.failedToast));
      return;
    }
    await signedIn();
  }

  /** Back to the password step: another account, or the code step expired. */
  function restart() {
    setPassword('');
    setStep('password');
  }

  if (step === 'code') {
    return <TwoFactorStep onSignedIn={signedIn} onRestart={restart} onFailed={failed} />;
  }

  return (
    <div className="space-y-5">
      {frozen ? <ResultNotice tone="error">{frozen}</ResultNotice> : null}
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Enter your password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField
            label="Remember me"
            name="rememberMe"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.target.checked)}
          />
          <Link
            to={paths.forgotPassword}
            className="inline-flex min-h-6 items-center rounded-md text-sm font-medium text-accent hover:text-accent-hover"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={loading}>
          {loading ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <PasskeySignIn
        rememberMe={rememberMe}
        onSignedIn={signedIn}
        onFrozen={setFrozen}
        onFailed={failed}
      />
      <p className="text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <Link
          to={paths.signup}
          className="font-semibold text-accent underline underline-offset-2 hover:text-accent-hover"
        >
          Sign up
        </Link>
      </p>
    </div>
  );
}
