import { BadgeCheck } from 'lucide-react';
import type { BankAccount } from '@sikka/contracts';
import { formatCalendarDate } from '@/lib/format-date.ts';
import { StatusBadge } from '@/components/ui/status-badge.tsx';

/** The user's payout accounts, the KYC one first (the server's order), numbers masked. */
export function BankAccountList({ accounts }: { accounts: readonly BankAccount[] }) {
  if (accounts.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted">
        No bank accounts yet. Your KYC bank account appears here once your KYC is verified, and you
        can add another below.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-line" aria-label="Bank accounts">
      {accounts.map((a) => (
        <li key={a.id} className="flex items-start justify-between gap-3 py-3.5">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 font-semibold text-ink">
              {a.bankName}
              {a.source === 'kyc' ? (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-muted">
                  <BadgeCheck className="size-3.5 text-up" aria-hidden="true" />
                  KYC account
                </span>
              ) : null}
            </p>
            <p className="mt-0.5 flex flex-wrap gap-x-3 font-mono text-sm text-muted">
              <span>{a.accountNumber}</span>
              <span>{a.ifscCode}</span>
            </p>
            <p className="mt-0.5 truncate text-xs text-subtle">
              {a.accountHolderName} · added {formatCalendarDate(a.createdAt)}
            </p>
            {a.status === 'pending' ? (
              <p className="mt-1 text-xs text-accent">Awaiting verification by our team</p>
            ) : null}
            {a.status === 'rejected' && a.rejectionReason ? (
              <p className="mt-1 text-xs text-down">Reason: {a.rejectionReason}</p>
            ) : null}
          </div>
          <StatusBadge status={a.status} className="shrink-0" />
        </li>
      ))}
    </ul>
  );
}
