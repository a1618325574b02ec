import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { checkFreezeLink } from '@/features/auth/api/check-freeze-link.ts';
import { confirmFreeze } from '@/features/auth/api/confirm-freeze.ts';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { ResultNotice } from '@/features/auth/components/result-notice.tsx';
import { cancelledLines, frozenAnswer } from '@/features/auth/lib/freeze-result.ts';
import { linkToken } from '@/features/auth/lib/password-reset-validation.ts';

/** Not a contracts message: only a lost connection or a server fault gets here. */
const FREEZE_FAILED = 'Your account could not be frozen. Please try again.';

/** The answers after which this link can do nothing more. */
const FINAL_CODES: ReadonlySet<string> = new Set(['link_invalid', 'invalid_state']);

/** A final answer as the page shows it; null for anything else (a lost connection). */
function finalAnswer(err: unknown): { message: string; frozen: boolean } | null {
  if (!(err instanceof ApiError) || !FINAL_CODES.has(err.code)) return null;
  return { message: err.message, frozen: err.code === 'invalid_state' };
}

const supportLink = (
  <Link to={paths.support} className={buttonClasses('outline', 'lg', 'w-full')}>
    Contact support
  </Link>
);

/**
 * /freeze-account (ADR 035). With ?token=… (a new-sign-in mail's link, signed in or out) it asks
 * first and freezes on the click: mail scanners open links too. On opening it checks, without
 * using the link, that the link can still freeze (a used or expired one, or an account frozen
 * already, says so at once). Either way a freeze ends here (the Security page's too), its
 * answer in the history entry, with this browser signed out.
 */
export default function FreezeAccountPage() {
  const [search] = useSearchParams();
  const token = linkToken(search);
  const { state } = useLocation();
  const answer = frozenAnswer(state);
  const { forgetSession } = useAuth();
  const navigate = useNavigate();
  const [ended, setEnded] = useState<{ message: string; frozen: boolean } | null>(null);
  // Asked once per link; if it cannot be asked (a lost connection), the button still offers
  // the freeze, whose own answer then says how it went.
  const check = useQuery({
    queryKey: ['freeze-link', token],
    queryFn: () => checkFreezeLink(token!),
    enabled: Boolean(token) && !answer && !ended,
    retry: false,
    staleTime: Infinity,
  });
  const freeze = useMutation({
    mutationFn: confirmFreeze,
    // The answer cleared this browser's session cookie when it was the frozen account's; one
    // signed in to another account stays signed in.
    onSuccess: (frozen) =>
      frozen.signedOut
        ? forgetSession(paths.freezeAccount, frozen)
        : navigate(paths.freezeAccount, { replace: true, state: frozen }),
    onError: (err) => setEnded(finalAnswer(err)),
  });

  if (answer) {
    return (
      <AuthLayout
        title="Your account is frozen"
        subtitle="No one can sign in to it until our support team unfreezes it."
      >
        <ResultNotice tone="success" action={supportLink}>
          {answer.message}
          {cancelledLines(answer).map((line) => (
            <span key={line} className="mt-2 block">
              {line}
            </span>
          ))}
        </ResultNotice>
      </AuthLayout>
    );
  }

  const over = ended ?? finalAnswer(check.error);
  if (!token || over) {
    const frozen = over?.frozen ?? false;
    return (
      <AuthLayout
        title="Freeze your Sikka account"
        subtitle="The link in a new-sign-in mail freezes the account it was sent for."
      >
        <ResultNotice
          tone={frozen ? 'success' : 'error'}
          action={
            frozen ? (
              supportLink
            ) : (
              <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
                Log in
              </Link>
            )
          }
        >
          {over?.message ?? messages.security.linkInvalid}
        </ResultNotice>
      </AuthLayout>
    );
  }

  const failed = freeze.isError ? errorMessage(freeze.error, FREEZE_FAILED) : '';
  const checking = check.isPending && check.fetchStatus === 'fetching';
  const busy = checking || freeze.isPending || freeze.isSuccess;
  return (
    <AuthLayout
      title="Freeze your Sikka account?"
      subtitle="Do this if someone else has signed in to your account."
    >
      <div className="space-y-5">
        <p className="text-ink">
          Every device is signed out, withdrawals not yet sent and open orders are cancelled, and no
          one can sign in, not even you, until our support team unfreezes it after checking it is
          you.
        </p>
        {failed ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-down/30 bg-down/10 p-3 text-sm text-down"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{failed}</span>
          </p>
        ) : null}
        <Button
          variant="danger"
          size="lg"
          className="w-full"
          // Still after success: the answer is on its way to the screen.
          disabled={busy}
          onClick={() => freeze.mutate(token)}
        >
          {checking ? 'Checking the link…' : busy ? 'Freezing…' : 'Freeze my account'}
        </Button>
      </div>
    </AuthLayout>
  );
}
