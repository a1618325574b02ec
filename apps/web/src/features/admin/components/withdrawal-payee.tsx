import { useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal } from '@sikka/contracts';
import { adminWithdrawalQueryOptions } from '@/features/admin/api/admin-records.ts';

/**
 * Where the payout goes: holder, bank, IFSC and the number the transfer needs. Lists carry
 * the number masked; the full one is read (and audited by the server, ADR 014) only while
 * this is on screen.
 */
export function WithdrawalPayee({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const record = useQuery({
    ...adminWithdrawalQueryOptions(w.id),
    enabled: w.bankAccount.source !== 'kyc',
  });
  const fullNumber = record.data?.withdrawal.bankAccount.accountNumber;
  const numberText =
    w.bankAccount.source === 'kyc'
      ? w.bankAccount.accountNumber
      : (fullNumber ?? (record.isError ? w.bankAccount.accountNumber : 'Loading…'));
  const rows = [
    ['Account holder', w.bankAccount.accountHolderName],
    ['Bank', w.bankAccount.bankName],
    ['IFSC', w.bankAccount.ifscCode],
    ['Account number', numberText],
  ] as const;
  return (
    <div className="rounded-xl border border-line bg-canvas/60 p-3.5 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd
              className="font-medium break-all text-ink"
              data-testid={label === 'Account number' ? 'payee-account-number' : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {w.bankAccount.source === 'kyc' ? (
        <p className="mt-2 text-xs text-subtle">
          The KYC account: its full number is on the KYC bank statement.
        </p>
      ) : record.isError ? (
        <p role="alert" className="mt-2 text-xs text-down">
          Could not load the full account number. Close and open this dialog again.
        </p>
      ) : null}
    </div>
  );
}
