import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import {
  kycDocumentPath,
  messages,
  type DocumentKind,
  type KycEarlierSubmission,
} from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { adminKycHistoryQueryOptions } from '@/features/admin/api/admin-kyc-history.ts';

/** Short link names, in the order the review shows the current documents. */
const LINKS: ReadonlyArray<[DocumentKind, string]> = [
  ['aadharFront', 'Aadhar front'],
  ['aadharBack', 'Aadhar back'],
  ['panFront', 'PAN card'],
  ['selfie', 'Selfie'],
  ['bankStatement', 'Bank statement (PDF)'],
];

function EarlierSubmission({ userId, item }: { userId: string; item: KycEarlierSubmission }) {
  // Each number stays whole on a line of its own when the row wraps (phones).
  const numbers = [
    item.kycDocumentNumber && `Aadhaar ${item.kycDocumentNumber}`,
    item.panNumber && `PAN ${item.panNumber}`,
    item.bankAccountNumber &&
      `A/c ${item.bankAccountNumber}${item.bankIfscCode ? ` · ${item.bankIfscCode}` : ''}`,
  ].filter((n): n is string => Boolean(n));
  return (
    <li className="space-y-1.5 rounded-xl border border-line p-3 text-sm" data-earlier-submission>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StatusBadge status={item.status} />
        <span className="text-muted">
          Submitted <DateTime iso={item.submittedAt} />
        </span>
      </div>
      {item.decidedAt ? (
        <p className="text-xs break-words text-muted">
          Decided <DateTime iso={item.decidedAt} />
          {item.decidedBy ? <> by {item.decidedBy}</> : null}
        </p>
      ) : null}
      {item.rejectedReason ? (
        <p className="break-words text-ink">Reason: {item.rejectedReason}</p>
      ) : null}
      {numbers.length > 0 ? (
        <p className="flex flex-wrap gap-x-3 text-xs text-muted tabular-nums">
          {numbers.map((n) => (
            <span key={n} className="whitespace-nowrap">
              {n}
            </span>
          ))}
        </p>
      ) : null}
      <ul aria-label="Documents" className="flex flex-wrap gap-x-4 text-xs">
        {LINKS.filter(([kind]) => item.documents.includes(kind)).map(([kind, label]) => (
          <li key={kind}>
            {/* py-1: a tap target of about 24 px on phones. */}
            <a
              href={kycDocumentPath(userId, kind, item.id)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 py-1 font-medium text-accent hover:underline"
            >
              {label}
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The user's earlier KYC submissions, kept when a new one replaced them (ADR 041): when, the
 * decision with its reason and reviewer, the numbers then given, and each document through
 * the admin-only document route. Nothing shows while there are none (or while loading); a
 * failed fetch says so, since "none" and "could not tell" must not look alike.
 */
export function KycEarlierSubmissions({ userId }: { userId: string }) {
  const headingId = useId();
  const query = useQuery(adminKycHistoryQueryOptions(userId));
  if (query.isError) {
    return (
      <RetryAlert
        message={errorMessage(query.error, messages.admin.kycHistoryFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = query.data?.submissions ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Earlier submissions ({items.length})
      </h3>
      <ol className="mt-2 space-y-2">
        {items.map((item) => (
          <EarlierSubmission key={item.id} userId={userId} item={item} />
        ))}
      </ol>
    </section>
  );
}
