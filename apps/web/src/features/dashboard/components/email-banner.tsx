import { MailWarning } from 'lucide-react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { RESEND_FAILED, useResendVerification } from '@/lib/auth/api/resend-verification.ts';

/**
 * Above every dashboard page while the sign-up address is unconfirmed: withdrawals wait for it
 * (issue 16). Gone as soon as the user's emailVerified turns true, and on the Security page,
 * whose E-mail card says the same with the same button.
 */
export function EmailBanner() {
  const { user, refreshSession } = useAuth();
  const resend = useResendVerification();
  const { pathname } = useLocation();
  if (!user || user.emailVerified || pathname === paths.dashboard.security) return null;

  async function send() {
    try {
      const { message } = await resend.mutateAsync();
      toast.success(message);
    } catch (err) {
      // Verified meanwhile (another tab, the link on a phone): the banner goes away.
      if (err instanceof ApiError && err.code === 'invalid_state') {
        toast.info(errorMessage(err, messages.security.emailAlreadyVerified));
        void refreshSession();
        return;
      }
      toast.error(errorMessage(err, RESEND_FAILED));
    }
  }

  return (
    <div className="px-4 pt-4 md:pt-6 md:pl-8">
      <section
        aria-labelledby="email-banner-text"
        className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-surface p-4 sm:flex-row sm:items-center"
      >
        <MailWarning className="hidden size-5 shrink-0 text-accent sm:block" aria-hidden="true" />
        <p id="email-banner-text" className="min-w-0 flex-1 text-sm text-ink">
          Please verify your email address. We sent a link to{' '}
          <strong className="font-semibold break-words">{user.email}</strong>. Withdrawals open once
          it is verified.
        </p>
        <Button
          variant="outline"
          size="md"
          className="shrink-0"
          onClick={() => void send()}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Sending…' : 'Send a new link'}
        </Button>
      </section>
    </div>
  );
}
