import type { WithdrawalLimitsResponse } from '@sikka/contracts';
import { formatInrWhole } from '@/features/wallet/lib/format-limit.ts';

/**
 * The server's withdrawal bounds in the deposit limits' style, and what is left of today's
 * (pending and paid requests of this India calendar day count).
 */
export function WithdrawalLimits({ limits }: { limits: WithdrawalLimitsResponse | undefined }) {
  const items = [
    { label: 'Minimum', value: limits && formatInrWhole(limits.minAmount) },
    { label: 'Maximum', value: limits && formatInrWhole(limits.maxAmount) },
    { label: 'Daily', value: limits && formatInrWhole(limits.dailyLimit) },
    { label: 'Left today', value: limits && formatInrWhole(limits.remainingToday) },
  ];
  return (
    <dl aria-label="Withdrawal limits" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map((l) => (
        <div key={l.label} className="rounded-xl border border-line bg-canvas/60 px-3 py-2.5">
          <dt className="text-xs text-subtle">{l.label}</dt>
          <dd className="mt-0.5 text-sm font-semibold tabular-nums text-ink">
            {l.value ?? (
              <span className="inline-block h-4 w-16 animate-shimmer rounded bg-raised" />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
