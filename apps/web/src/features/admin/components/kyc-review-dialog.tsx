import { useId, useState } from 'react';
import { Check, X } from 'lucide-react';
import {
  KYC_REJECT_REASON_MAX,
  kycDocumentLabels,
  messages,
  type AdminUser,
  type DocumentKind,
  type KycDecisionRequest,
} from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format-date.ts';
import { decideKyc } from '@/features/admin/api/decide-kyc.ts';
import { useAdminDecision } from '@/features/admin/hooks/use-admin-decision.ts';
import { AdminDialog, decisionClasses } from './admin-dialog.tsx';
import { DocumentPreview } from './document-preview.tsx';
import { KycEarlierSubmissions } from './kyc-earlier-submissions.tsx';
import { ReasonField } from './reason-field.tsx';

const DOCUMENTS: readonly DocumentKind[] = [
  'aadharFront',
  'aadharBack',
  'panFront',
  'selfie',
  'bankStatement',
];

export interface KycReviewDialogProps {
  user: AdminUser;
  onClose(): void;
}

/**
 * The KYC review (PRODUCT.md §2): the submitted documents and the masked numbers, the user's
 * earlier submissions if any (ADR 041), then Approve, or Reject with a reason (confirm stays
 * disabled until the reason has more than blanks). The decision names the submission shown
 * (its submittedAt): if the user has submitted again since, or another admin has decided, the
 * server refuses (409) and the dialog says why and offers no decision on what it shows
 * (ADR 039).
 */
export function KycReviewDialog({ user, onClose }: KycReviewDialogProps) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const detailsId = useId();

  const decision = useAdminDecision({
    send: (body: KycDecisionRequest) => decideKyc(user.id, body),
    successMessage: (body) =>
      body.decision === 'approve' ? messages.admin.kycApproved : messages.admin.kycRejected,
    failedMessage: messages.admin.kycUpdateFailed,
    onDone: onClose,
  });
  const busy = decision.isPending;
  // A decision must name the submission (ADR 039); a row without one offers none.
  const submittedAt = user.kycSubmittedAt;
  const decide = (body: Omit<KycDecisionRequest, 'submittedAt'>) => {
    if (submittedAt) decision.mutate({ ...body, submittedAt });
  };
  // The documents shown are no longer the ones awaiting review: only reopening helps.
  const conflict =
    decision.error instanceof ApiError && decision.error.status === 409
      ? decision.error.message
      : null;
  const blocked = busy || conflict !== null || submittedAt === null;

  const details: Array<[string, string | null]> = [
    ['Email', user.email],
    ['Phone', user.phone],
    ['KYC type', user.kycType ? user.kycType[0]!.toUpperCase() + user.kycType.slice(1) : null],
    ['Submitted', user.kycSubmittedAt ? formatDate(user.kycSubmittedAt) : null],
    ['Aadhaar number', user.kycDocumentNumber],
    ['PAN number', user.panNumber],
    ['Bank name', user.bankName],
    ['IFSC code', user.bankIfscCode],
    ['Account number', user.bankAccountNumber],
  ];

  return (
    <AdminDialog
      open
      onClose={onClose}
      busy={busy}
      size="lg"
      title={`KYC review: ${user.fullName}`}
      description="Check that the documents are legible, match each other and match the selfie."
      footer={
        rejecting ? (
          <>
            <Button variant="ghost" onClick={() => setRejecting(false)} disabled={busy}>
              Back
            </Button>
            <Button
              className={decisionClasses.reject}
              disabled={blocked || reason.trim() === ''}
              onClick={() => decide({ decision: 'reject', reason: reason.trim() })}
            >
              {busy ? 'Rejecting...' : 'Confirm Reject'}
            </Button>
          </>
        ) : (
          <>
            {/* Phones close with the X above: two full-width buttons are enough there. */}
            <Button
              variant="ghost"
              onClick={onClose}
              disabled={busy}
              className="hidden sm:inline-flex"
            >
              Cancel
            </Button>
            <Button variant="outline" onClick={() => setRejecting(true)} disabled={blocked}>
              <X className="size-4" aria-hidden="true" />
              Reject
            </Button>
            <Button
              className={decisionClasses.approve}
              onClick={() => decide({ decision: 'approve' })}
              disabled={blocked}
            >
              <Check className="size-4" aria-hidden="true" />
              {busy ? 'Approving...' : 'Approve'}
            </Button>
          </>
        )
      }
    >
      <div className="space-y-6">
        {conflict ? (
          <p role="alert" className="rounded-md border border-down/40 p-3 text-sm text-down">
            {conflict}
          </p>
        ) : null}
        <section aria-labelledby={detailsId}>
          <h3 id={detailsId} className="sr-only">
            Details
          </h3>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {details.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3 border-b border-line/60 pb-2">
                <dt className="text-muted">{label}</dt>
                <dd
                  className="truncate text-right font-medium text-ink tabular-nums"
                  title={value ?? undefined}
                >
                  {value || '—'}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-label="Documents">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {DOCUMENTS.map((kind) => (
              <DocumentPreview
                key={kind}
                userId={user.id}
                kind={kind}
                label={kycDocumentLabels[kind]}
                available={user.documents.includes(kind)}
              />
            ))}
          </div>
        </section>

        <KycEarlierSubmissions userId={user.id} />

        {rejecting ? (
          <ReasonField
            label="Reason for rejection"
            hint="The user sees this reason on their dashboard."
            value={reason}
            onChange={setReason}
            maxLength={KYC_REJECT_REASON_MAX}
            autoFocus
          />
        ) : null}
      </div>
    </AdminDialog>
  );
}
