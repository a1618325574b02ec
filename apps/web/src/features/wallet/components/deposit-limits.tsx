import { DEPOSIT_DAILY_LIMIT_INR, DEPOSIT_MAX_INR, DEPOSIT_MIN_INR } from '@sikka/contracts';
import { formatInrWhole } from '@/features/wallet/lib/format-limit.ts';

const limits = [
  { label: 'Minimum', value: DEPOSIT_MIN_INR },
  { label: 'Maximum', value: DEPOSIT_MAX_INR },
  { label: 'Daily', value: DEPOSIT_DAILY_LIMIT_INR },
] as const;

/** The displayed INR limits of PRODUCT.md §9: ₹100, ₹10,00,000 per request, ₹50,00,000 a day. */
export function DepositLimits() {
  return (
    <dl aria-label="Deposit limits" className="grid grid-cols-3 gap-2">
      {limits.map((l) => (
        <div key={l.label} className="rounded-xl border border-line bg-canvas/60 px-3 py-2.5">
          <dt className="text-xs text-subtle">{l.label}</dt>
          <dd className="mt-0.5 text-sm font-semibold tabular-nums text-ink">
            {formatInrWhole(l.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
