import { clsx } from 'clsx';
import { Clock, RotateCcw, ShieldCheck, ShieldX, type LucideIcon } from 'lucide-react';
import type { User } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatDate } from '@/lib/format-date.ts';
import { kycTypeInfo } from '@/features/kyc/lib/kyc-benefits.ts';

export interface KycStatusCardProps {
  user: Pick<
    User,
    'kycStatus' | 'kycType' | 'kycSubmittedAt' | 'kycVerifiedAt' | 'kycRejectedReason'
  >;
  /** Opens the KYC dialog again after a rejection. */
  onSubmitAgain(): void;
}

interface Look {
  icon: LucideIcon;
  tone: string;
  title: string;
}

const looks = {
  submitted: {
    icon: Clock,
    tone: 'border-accent/30 bg-accent/6 text-accent',
    title: 'KYC under review',
  },
  verified: { icon: ShieldCheck, tone: 'border-up/30 bg-up/6 text-up', title: 'KYC verified' },
  rejected: { icon: ShieldX, tone: 'border-down/35 bg-down/6 text-down', title: 'KYC rejected' },
} satisfies Record<'submitted' | 'verified' | 'rejected', Look>;

function When({ iso }: { iso: string | null }) {
  if (!iso) return <>N/A</>;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString('en-IN')}>
      {formatDate(iso)}
    </time>
  );
}

/**
 * Where the user's KYC stands (PRODUCT.md §4): under review with the submission time, verified
 * with the verification time, or rejected with the reason and a way to submit again. Pending
 * shows nothing here: the overview's 'Complete Your KYC' banner covers it.
 */
export function KycStatusCard({ user, onSubmitAgain }: KycStatusCardProps) {
  if (user.kycStatus === 'pending') return null;
  const look = looks[user.kycStatus];
  const Icon = look.icon;
  const benefit =
    user.kycType === 'corporate'
      ? kycTypeInfo.corporate.benefits[0]
      : kycTypeInfo.individual.benefits[0];
  return (
    <section
      aria-labelledby="kyc-status-title"
      data-testid="kyc-status"
      data-status={user.kycStatus}
      className={clsx(
        'flex flex-col gap-4 rounded-2xl border p-4 sm:flex-row sm:items-center md:p-5',
        look.tone,
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-current/10">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="kyc-status-title" className="text-base font-semibold text-ink">
              {look.title}
            </h2>
            <StatusBadge status={user.kycStatus} />
          </div>
          {user.kycStatus === 'submitted' ? (
            <p className="mt-1 text-muted">
              Submitted <When iso={user.kycSubmittedAt} />. We are checking your documents; once
              they are verified you get {benefit?.toLowerCase()}.
            </p>
          ) : user.kycStatus === 'verified' ? (
            <p className="mt-1 text-muted">
              Verified <When iso={user.kycVerifiedAt} />. Your account now has{' '}
              {benefit?.toLowerCase()}.
            </p>
          ) : (
            <>
              <p className="mt-1 text-ink">
                <span className="text-muted">Reason: </span>
                <span data-testid="kyc-rejected-reason">
                  {user.kycRejectedReason ?? 'Not given'}
                </span>
              </p>
              <p className="mt-1 text-muted">
                Please correct the documents and submit your KYC again.
              </p>
            </>
          )}
        </div>
      </div>
      {user.kycStatus === 'rejected' ? (
        <Button onClick={onSubmitAgain} className="shrink-0 self-start sm:self-center">
          <RotateCcw className="size-4" aria-hidden="true" />
          Submit again
        </Button>
      ) : null}
    </section>
  );
}
