import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import type { KycStatus } from '@sikka/contracts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { startKycHref } from '@/lib/kyc-link.ts';

/**
 * Where the banner's button goes. The KYC flow opens from the dashboard itself; the query
 * says the user asked for it, so the flow can open even if it was dismissed before.
 */
export const START_KYC_HREF = startKycHref();

const copy: Record<Exclude<KycStatus, 'verified'>, string> = {
  pending:
    'Verify your identity to deposit INR, trade without limits and unlock your watchlist. It takes about 5 minutes.',
  submitted:
    'Thanks! Your documents are under review. The decision will show here, and we will tell you in your notifications and by e-mail.',
  rejected:
    'Your last KYC submission could not be approved. Please check the reason and submit again.',
};

/** 'Complete Your KYC' for every user who is not verified yet (PRODUCT.md §2 "Overview"). */
export function KycBanner({
  status,
  rejectedReason,
}: {
  status: Exclude<KycStatus, 'verified'>;
  rejectedReason?: string | null;
}) {
  return (
    <section
      aria-labelledby="kyc-banner-title"
      className="flex flex-col gap-4 rounded-2xl border border-accent/30 bg-gradient-to-r from-accent/[0.12] via-accent/[0.05] to-transparent p-5 sm:flex-row sm:items-center"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent">
        <ShieldAlert className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="kyc-banner-title" className="font-semibold text-ink">
          Complete Your KYC
        </h2>
        <p className="mt-1 text-sm text-muted">{copy[status]}</p>
        {status === 'rejected' && rejectedReason ? (
          <p className="mt-1 text-sm text-down">Reason: {rejectedReason}</p>
        ) : null}
      </div>
      {status === 'submitted' ? (
        <span className="self-start rounded-full bg-raised px-3 py-1 text-xs font-semibold text-muted sm:self-center">
          Under review
        </span>
      ) : (
        <Link to={START_KYC_HREF} className={buttonClasses('primary', 'md', 'shrink-0')}>
          {status === 'rejected' ? 'Resubmit KYC' : 'Start KYC'}
        </Link>
      )}
    </section>
  );
}
