import type { AdminWithdrawal } from '@sikka/contracts';

/** Where the payout goes: holder, bank, IFSC and the number the transfer needs. */
export function WithdrawalPayee({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const rows = [
    ['Account holder', w.bankAccount.accountHolderName],
    ['Bank', w.bankAccount.bankName],
    ['IFSC', w.bankAccount.ifscCode],
    ['Account number', w.bankAccount.accountNumber],
  ] as const;
  return (
    <div className="rounded-xl border border-line bg-canvas/60 p-3.5 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium break-all text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {w.bankAccount.source === 'kyc' ? (
        <p className="mt-2 text-xs text-subtle">
          The KYC account: its full number is on the KYC bank statement.
        </p>
      ) : null}
    </div>
  );
}
