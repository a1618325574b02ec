import { Link, useSearchParams } from 'react-router';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useSecurity } from '@/features/security/api/get-security.ts';
import { CardSkeleton } from '@/features/security/components/security-card.tsx';
import { EmailCard } from '@/features/security/components/email-card.tsx';
import { AntiPhishingCard } from '@/features/security/components/anti-phishing-card.tsx';
import { PasswordCard } from '@/features/security/components/password-card.tsx';
import { ProfileCard } from '@/features/security/components/profile-card.tsx';
import { TwoFactorCard } from '@/features/security/components/two-factor-card.tsx';
import { PasskeysCard } from '@/features/security/components/passkeys-card.tsx';
import { SessionsCard } from '@/features/security/components/sessions-card.tsx';
import { SignInHistoryCard } from '@/features/security/components/sign-in-history-card.tsx';
import { FreezeCard } from '@/features/security/components/freeze-card.tsx';

const FETCH_FAILED = 'Your security settings could not be loaded.';

/**
 * /dashboard/account/security (issue 16): e-mail, the anti-phishing code, password, two-factor,
 * passkeys, sessions, sign-in history and, last, freezing the account. `?setup=admin` (sent by the admin tools) opens the
 * two-factor set-up.
 */
export default function SecurityPage() {
  const { user } = useAuth();
  const overview = useSecurity();
  const [params] = useSearchParams();
  const forAdmin = params.get('setup') === 'admin';
  const email = user?.email ?? '';

  return (
    <div className="w-full px-4 py-6 md:py-8 md:pl-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Security</h1>
      <p className="mt-1.5 text-sm text-muted md:text-base">
        Your profile, how you sign in, and where your account is signed in.
      </p>
      {forAdmin && !overview.data?.totp.enabled ? (
        <p
          role="status"
          className="mt-5 flex gap-2 rounded-lg border border-accent/30 bg-accent/[0.08] p-3 text-sm text-ink"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <span>The admin tools need two-factor authentication. Set it up to continue.</span>
        </p>
      ) : null}
      {forAdmin && overview.data?.totp.enabled && user?.role === 'admin' ? (
        <p
          role="status"
          className="mt-5 flex flex-wrap items-center gap-2 rounded-lg border border-up/30 bg-up/[0.08] p-3 text-sm text-ink"
        >
          <ShieldCheck className="size-4 shrink-0 text-up" aria-hidden="true" />
          <span>Two-factor authentication is on.</span>
          <Link
            to={paths.admin}
            className="font-semibold text-accent underline underline-offset-2 hover:text-accent-hover"
          >
            Open the admin tools
          </Link>
        </p>
      ) : null}
      <div className="mt-6 space-y-5">
        {overview.isPending ? (
          <CardSkeleton label="Loading security settings" rows={4} />
        ) : overview.isError ? (
          <RetryAlert message={FETCH_FAILED} onRetry={() => void overview.refetch()} />
        ) : (
          <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-2">
            <div className="space-y-5">
              {/* An address still to verify is what to do first here (the dashboard's banner
                  stands down on this page), so its card leads. */}
              {overview.data.emailVerified ? null : <EmailCard email={email} verified={false} />}
              <TwoFactorCard totp={overview.data.totp} email={email} autoStart={forAdmin} />
              <PasskeysCard passkeys={overview.data.passkeys} />
              <AntiPhishingCard code={overview.data.antiPhishingCode} />
            </div>
            <div className="space-y-5">
              {user ? <ProfileCard user={user} /> : null}
              {overview.data.emailVerified ? <EmailCard email={email} verified /> : null}
              <PasswordCard changedAt={overview.data.passwordChangedAt} />
            </div>
          </div>
        )}
        <SessionsCard />
        <SignInHistoryCard />
        {/* The admin is the one who unfreezes: the server refuses to freeze that account. */}
        {user && user.role !== 'admin' ? <FreezeCard /> : null}
      </div>
    </div>
  );
}
