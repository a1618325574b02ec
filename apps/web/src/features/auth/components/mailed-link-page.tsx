import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { ResultNotice } from '@/features/auth/components/result-notice.tsx';
import { linkToken } from '@/features/auth/lib/password-reset-validation.ts';

type Result = { state: 'working' } | { state: 'done' | 'failed'; message: string };

/**
 * A page a mailed link opens (signed in or out) that needs nothing but the link: sends its
 * token once on arrival and says how it went, with the way on to the dashboard.
 */
export function MailedLinkPage({
  title,
  subtitle,
  send,
  failed,
}: {
  title: string;
  subtitle: string;
  /** The request the token is for; resolves with the server's words. */
  send(token: string): Promise<{ message: string }>;
  /** Not a contracts message: only a lost connection or a server fault gets here. */
  failed: string;
}) {
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
    send(token).then(
      ({ message }) => {
        setResult({ state: 'done', message });
        // What the session shows changes (the e-mail banner, the address).
        void refreshSession();
      },
      (err: unknown) => setResult({ state: 'failed', message: errorMessage(err, failed) }),
    );
  }, [token, refreshSession, send, failed]);

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {result.state === 'working' ? (
        <ResultNotice tone="working">Checking your link…</ResultNotice>
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
