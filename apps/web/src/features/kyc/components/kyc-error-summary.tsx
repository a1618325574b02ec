import type { Ref } from 'react';
import { AlertCircle } from 'lucide-react';

export interface KycErrorSummaryProps {
  /** One message per line, in the spec's order of items. */
  lines: string[];
  ref?: Ref<HTMLDivElement>;
}

/**
 * Every problem of the submission at once, one per line (PRODUCT.md §5), at the top of the
 * form. It takes focus after a failed submit so screen readers hear the list.
 */
export function KycErrorSummary({ lines, ref }: KycErrorSummaryProps) {
  if (lines.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="kyc-error-summary-title"
      className="rounded-xl border border-down/40 bg-down/8 p-4 outline-none focus-visible:ring-2 focus-visible:ring-down/40"
      data-testid="kyc-error-summary"
    >
      <p
        id="kyc-error-summary-title"
        className="flex items-center gap-2 text-sm font-semibold text-down"
      >
        <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
        Please fix the following
      </p>
      <ul className="mt-2 space-y-1 pl-6 text-sm text-ink">
        {lines.map((line, i) => (
          <li key={`${i}:${line}`} className="list-disc marker:text-down">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}
