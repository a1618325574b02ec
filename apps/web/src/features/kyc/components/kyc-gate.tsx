import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { KycType } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { deferred } from '@/components/deferred.tsx';
import { openedPartFailed } from '@/components/ui/retry-alert.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { KYC_SEARCH_PARAM } from '@/lib/kyc-link.ts';
import { CorporateKycDialog } from './corporate-kyc-dialog.tsx';
import { KycStatusCard } from './kyc-status-card.tsx';
import { KycTypeDialog } from './kyc-type-dialog.tsx';

// The form carries the validation schemas (zod): loaded when the flow starts, not with the dashboard.
const loadIndividualDialog = () => import('./individual-kyc-dialog.tsx');
const IndividualKycDialog = deferred(async () => ({
  default: (await loadIndividualDialog()).IndividualKycDialog,
}));

type Step = 'closed' | 'choose' | KycType;

/**
 * The KYC flow on the dashboard (PRODUCT.md §2): while the status is pending the type choice
 * opens by itself, once per visit; after a cancel it stays closed until asked for again
 * (`?kyc=…`, the overview banner's link). On the overview it adds the verification card.
 */
export function KycGate() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [step, setStep] = useState<Step>('closed');
  const [dismissed, setDismissed] = useState(false);
  const status = user?.kycStatus;
  const canSubmit = status === 'pending' || status === 'rejected';

  const requested = searchParams.get(KYC_SEARCH_PARAM) !== null;
  useEffect(() => {
    if (!requested) return;
    if (canSubmit) setStep((current) => (current === 'closed' ? 'choose' : current));
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(KYC_SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, canSubmit, setSearchParams]);

  const current: Step = step === 'closed' && status === 'pending' && !dismissed ? 'choose' : step;

  useEffect(() => {
    if (current === 'choose') void loadIndividualDialog();
  }, [current]);

  // Cancelling anywhere clears the choice and closes the flow (PRODUCT.md §2).
  const cancel = () => {
    setStep('closed');
    setDismissed(true);
  };

  if (!user) return null;
  const onOverview = pathname === paths.dashboard.root || pathname === `${paths.dashboard.root}/`;

  return (
    <>
      {/* The overview's own 'Complete Your KYC' banner covers every status but verified. */}
      {onOverview && status === 'verified' ? (
        <div className="px-4 pt-6 md:pt-8 md:pl-8">
          <KycStatusCard user={user} onSubmitAgain={() => setStep('choose')} />
        </div>
      ) : null}
      <KycTypeDialog open={current === 'choose'} onChoose={setStep} onCancel={cancel} />
      {current === 'corporate' ? (
        <CorporateKycDialog open onBack={() => setStep('choose')} onCancel={cancel} />
      ) : null}
      {current === 'individual' ? (
        <IndividualKycDialog
          open
          onCancel={cancel}
          onSubmitted={() => setStep('closed')}
          failed={openedPartFailed('The KYC form', 'bottom', cancel)}
        />
      ) : null}
    </>
  );
}
