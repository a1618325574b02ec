import { useState } from 'react';
import { Laptop, LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { messages, type SessionInfo } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { Button } from '@/components/ui/button.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { useSessions } from '@/features/security/api/get-sessions.ts';
import { useRevokeSession, useSignOutOthers } from '@/features/security/api/revoke-session.ts';
import { CardSkeleton, Pill, SecurityCard } from './security-card.tsx';

const FETCH_FAILED = 'Your sessions could not be loaded.';
const SIGN_OUT_FAILED = 'The session could not be signed out. Please try again.';

/** This browser first, then the most recently seen. */
function ordered(sessions: readonly SessionInfo[]): SessionInfo[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

/** Where the account is signed in, with a way to end any other session. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const signOutOthers = useSignOutOthers();
  const [status, setStatus] = useState('');
  const list = sessions.data ? ordered(sessions.data.sessions) : [];
  const others = list.filter((s) => !s.current).length;

  function onRevoke(session: SessionInfo) {
    revoke.mutate(session.id, {
      onSuccess: () => setStatus(`${session.device} signed out`),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'not_found') {
          setStatus(messages.security.sessionNotFound);
          return;
        }
        toast.error(errorMessage(err, SIGN_OUT_FAILED));
      },
    });
  }

  function onSignOutOthers() {
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) => {
        const text =
          signedOut === 1 ? '1 other session signed out' : `${signedOut} other sessions signed out`;
        setStatus(text);
        toast.success(text);
      },
      onError: (err) => toast.error(errorMessage(err, SIGN_OUT_FAILED)),
    });
  }

  return (
    <SecurityCard
      title="Active sessions"
      icon={Laptop}
      description="Browsers and devices signed in to your account."
    >
      {sessions.isPending ? (
        <CardSkeleton label="Loading sessions" />
      ) : sessions.isError ? (
        <RetryAlert message={FETCH_FAILED} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-line">
          {list.map((s) => (
            <li
              key={s.id}
              data-testid="session-row"
              data-current={s.current ? '' : undefined}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                  <span className="min-w-0 break-words">{s.device}</span>
                  {s.current ? <Pill tone="success">This device</Pill> : null}
                </p>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-subtle">
                  <span className="font-mono break-all">{s.ip}</span>
                  <span>
                    Signed in <DateTime iso={s.createdAt} />
                  </span>
                  <span>
                    Last seen <DateTime iso={s.lastSeenAt} />
                  </span>
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Sign out ${s.device}, ${s.ip}`}
                  disabled={revoke.isPending && revoke.variables === s.id}
                  onClick={() => onRevoke(s)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 ? (
        <div className="mt-4">
          <Button
            variant="outline"
            size="sm"
            onClick={onSignOutOthers}
            disabled={signOutOthers.isPending}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Sign out all other sessions
          </Button>
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </SecurityCard>
  );
}
