import { Landmark } from 'lucide-react';
import { SAMPLE_BANK_ACCOUNT } from '@/features/wallet/lib/wallet-samples.ts';
import { CopyButton } from './copy-button.tsx';
import { Panel } from './wallet-frame.tsx';

/** Where to send the transfer: a fixed sample account, each value with a copy button. */
export function BankDetails() {
  return (
    <Panel
      title="Bank Account Details"
      icon={Landmark}
      aside={
        <span className="rounded-full bg-accent/12 px-2 py-0.5 text-xs font-semibold text-accent ring-1 ring-accent/30 ring-inset">
          Sample
        </span>
      }
    >
      <dl className="divide-y divide-line/70">
        {SAMPLE_BANK_ACCOUNT.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <dt className="text-xs text-subtle">{row.label}</dt>
              <dd className="truncate font-medium text-ink">{row.value}</dd>
            </div>
            <CopyButton value={row.value} label={row.label} />
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-subtle">
        These are sample details for this demo. Do not send real money to them.
      </p>
    </Panel>
  );
}
