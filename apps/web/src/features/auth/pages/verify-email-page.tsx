import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { verifyEmail } from '@/features/auth/api/verify-email.ts';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { ResultNotice } from '@/features/auth/components/result-notice.tsx';
import { linkToken } from '@/features/auth/lib/password-reset-validation.ts';

/** Not a contracts message: only a lost connection or a server fault gets here. */
const VERIFY_FAILED = 'Your email address could not be verified. Please open the link again.';

type Result = { state: 'working' } | { state: 'done' | 'failed'; message: string };

/**
 * /verify-email?token=… (the mailed link; signed in or out): sends the token once on arrival
 * and says how it went.
 */
export default function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = linkToken(search);
  const { refreshSession } = useAuth();
  const [result, setResult] = useState<Result>(
    token ? { state: 'working' } : { state: 'failed', message: messages.security.linkInvalid },
  );
  // One request per token, also when StrictMode runs the effect twice in development.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    verifyEmail(token).then(
      ({ message }) => {
        setResult({ state: 'done', message });
        // The e-mail banner of a signed-in user goes away.
        void refreshSession();
      },
      (err: unknown) => setResult({ state: 'failed', message: errorMessage(err, VERIFY_FAILED) }),
    );
  }, [token, refreshSession]);

  return (
    <AuthLayout
      title="Verify your email"
      subtitle="Confirming your address opens withdrawals on your account."
    >
      {result.state === 'working' ? (
        <ResultNotice tone="working">Checking your link...</ResultNotice>
      ) : (
        <ResultNotice
          tone={result.state === 'done' ? 'success' : 'error'}
          action={
            <Link to={paths.dashboard.root} className={buttonClasses('primary', 'lg', 'w-full')}>
              Go to dashboard
            </Link>
          }
        >
          {result.message}
        </ResultNotice>
      )}
    </AuthLayout>
  );
}
