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
        <div
          key={l.label}
          className="min-w-0 rounded-xl border border-line bg-canvas/60 px-2 py-2.5 sm:px-3"
        >
          <dt className="text-xs text-subtle">{l.label}</dt>
          {/* ₹50,00,000 fills a third of a phone's card: a size smaller there, on one line. */}
          <dd className="mt-0.5 text-xs font-semibold whitespace-nowrap tabular-nums text-ink sm:text-sm">
            {formatInrWhole(l.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
