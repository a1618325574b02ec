import { useId } from 'react';
import { Link } from 'react-router';
import { clsx } from 'clsx';
import { Clock, ShieldAlert, ShieldX, type LucideIcon } from 'lucide-react';
import { messages, type KycStatus } from '@sikka/contracts';
import { buttonClasses } from '@/components/ui/button.tsx';

export type UnverifiedKycStatus = Exclude<KycStatus, 'verified'>;

export interface KycRequiredPromptProps {
  status: UnverifiedKycStatus;
  /**
   * What the user came to do, in the words the server refuses it with
   * (messages.kycRequired.deposit / .trade): the prompt's title while they can act on it.
   */
  action: string;
  /** Where the button goes: a dashboard page with the KYC flow open (lib/kyc-link.ts). */
  startHref: string;
  rejectedReason?: string | null;
  className?: string;
}

interface Look {
  icon: LucideIcon;
  tone: string;
}

const looks: Record<UnverifiedKycStatus, Look> = {
  pending: { icon: ShieldAlert, tone: 'bg-accent/15 text-accent' },
  rejected: { icon: ShieldX, tone: 'bg-down/15 text-down' },
  submitted: { icon: Clock, tone: 'bg-accent/15 text-accent' },
};

/**
 * Stands in for a form that moves money while the user's KYC is not verified (PMLA;
 * DESIGN.md §8): the server refuses deposits and trades of such users, so the screen says so
 * before the user fills anything in, and opens the KYC flow from here. While the documents
 * are under review there is nothing to do but wait, so there is no button.
 */
export function KycRequiredPrompt({
  status,
  action,
  startHref,
  rejectedReason,
  className,
}: KycRequiredPromptProps) {
  const titleId = useId();
  const look = looks[status];
  const Icon = look.icon;
  const title = status === 'submitted' ? 'KYC under review' : action;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="kyc-required"
      data-status={status}
      className={clsx(
        'flex flex-col items-center rounded-xl border border-line bg-canvas/60 px-5 py-7 text-center',
        className,
      )}
    >
      <span className={clsx('grid size-12 place-items-center rounded-full', look.tone)}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 id={titleId} className="mt-4 text-base font-semibold text-balance text-ink">
        {title}
      </h3>
      {status === 'submitted' ? (
        <p className="mt-1.5 max-w-sm text-sm text-balance text-muted">
          {messages.kycRequired.submitted}
        </p>
      ) : status === 'rejected' ? (
        <>
          <p className="mt-1.5 max-w-sm text-sm text-balance text-muted">
            Your last KYC submission could not be approved. Please correct it and submit again.
          </p>
          {rejectedReason ? (
            <p className="mt-1 max-w-sm text-sm text-down">Reason: {rejectedReason}</p>
          ) : null}
        </>
      ) : (
        <p className="mt-1.5 max-w-sm text-sm text-balance text-muted">
          Indian anti-money-laundering rules ask us to know who you are before any money moves. It
          takes about 5 minutes.
        </p>
      )}
      {status === 'submitted' ? null : (
        <Link to={startHref} className={buttonClasses('primary', 'lg', 'mt-5 w-full sm:w-auto')}>
          {status === 'rejected' ? 'Resubmit KYC' : 'Start KYC'}
        </Link>
      )}
    </section>
  );
}
