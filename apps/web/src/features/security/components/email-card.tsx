import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { RESEND_FAILED, useResendVerification } from '@/lib/auth/api/resend-verification.ts';
import { invalidateSecurity } from '@/features/security/api/invalidate.ts';
import { ChangeEmailDialog } from './change-email-dialog.tsx';
import { Pill, SecurityCard } from './security-card.tsx';

/**
 * The account's address, whether its link was followed, a new link when it was not, and a
 * change of address (a link to the new one; ADR 033).
 */
export function EmailCard({ email, verified }: { email: string; verified: boolean }) {
  const queryClient = useQueryClient();
  const resend = useResendVerification();
  const [sent, setSent] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [changeSent, setChangeSent] = useState<string | null>(null);

  function onResend() {
    resend.mutate(undefined, {
      onSuccess: ({ message }) => {
        setSent(message);
        toast.success(message);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'invalid_state') {
          // Verified meanwhile (in another tab): show it.
          toast.info(messages.security.emailAlreadyVerified);
          void invalidateSecurity(queryClient);
          return;
        }
        toast.error(errorMessage(err, RESEND_FAILED));
      },
    });
  }

  return (
    <SecurityCard
      title="E-mail"
      icon={Mail}
      aside={
        verified ? <Pill tone="success">Verified</Pill> : <Pill tone="warning">Not verified</Pill>
      }
    >
      <p className="font-medium break-all text-ink" data-testid="security-email">
        {email}
      </p>
      {verified ? (
        <p className="mt-1 text-sm text-muted">We send sign-in alerts and receipts here.</p>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-muted">
            Follow the link we e-mailed you to verify this address. Withdrawals need a verified
            address.
          </p>
          <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending}>
            {resend.isPending ? 'Sending…' : 'Send a new link'}
          </Button>
        </div>
      )}
      {changeSent ? (
        <p
          className="mt-3 text-sm text-muted [overflow-wrap:anywhere]"
          data-testid="email-change-sent"
        >
          {changeSent}
        </p>
      ) : null}
      <Button variant="ghost" size="sm" className="mt-3 -ml-3" onClick={() => setChanging(true)}>
        Change email
      </Button>
      <ChangeEmailDialog
        open={changing}
        onClose={() => setChanging(false)}
        onSent={setChangeSent}
      />
      <p className="sr-only" aria-live="polite">
        {sent ?? ''}
      </p>
    </SecurityCard>
  );
}
