import { useState } from 'react';
import { Building2, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { INITIAL_CORPORATE_KYC, type CorporateKyc } from '@/features/kyc/lib/kyc-form.ts';
import { kycTypeInfo } from '@/features/kyc/lib/kyc-benefits.ts';
import { KycDialog } from './kyc-dialog.tsx';

export interface CorporateKycDialogProps {
  open: boolean;
  onBack(): void;
  onCancel(): void;
}

/**
 * Corporate KYC: the spec keeps its state but shows no form ("Only the individual form is
 * shown"), and the server refuses corporate submissions, so this says who handles it instead.
 */
export function CorporateKycDialog({ open, onBack, onCancel }: CorporateKycDialogProps) {
  // Held in the spec's shape so a later form has its state ready; nothing edits it yet.
  const [submission] = useState<CorporateKyc>(INITIAL_CORPORATE_KYC);
  return (
    <KycDialog
      open={open}
      onClose={onCancel}
      title="Corporate KYC"
      description="Verification for companies and firms."
    >
      <div className="space-y-4 p-5 md:p-6" data-kyc-type={submission.type}>
        <div className="flex items-start gap-3 rounded-xl border border-accent/30 bg-accent/8 p-4">
          <Building2 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          <div className="text-sm text-ink">
            <p className="font-semibold">Corporate verification is handled by our team.</p>
            <p className="mt-1 text-muted">
              Online submission is available for individual accounts only. To verify a company,
              contact support: we will ask for the company&apos;s CIN certificate, PAN and TAN, MoA,
              AoA and board resolution, each director&apos;s Aadhaar, PAN and selfie, and a bank
              statement.
            </p>
          </div>
        </div>
        <p className="text-sm text-muted">
          Corporate accounts get {kycTypeInfo.corporate.benefits[0]?.toLowerCase()}.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end md:px-6">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Link to={paths.support} className={buttonClasses('primary')}>
          <Mail className="size-4" aria-hidden="true" />
          Contact support
        </Link>
      </div>
    </KycDialog>
  );
}
