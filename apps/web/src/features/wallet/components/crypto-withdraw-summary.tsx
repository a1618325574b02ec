import type { ReactNode } from 'react';
import type { ChainAssetState } from '@sikka/contracts';
import { formatCoin, withdrawPreview } from '@/features/wallet/lib/crypto-withdraw.ts';

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd
        className={
          strong
            ? 'text-right font-semibold tabular-nums text-ink'
            : 'text-right text-sm tabular-nums text-ink'
        }
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * What the typed amount means: the fee Sikka charges (from the server), what leaves the wallet
 * (amount + fee) and what arrives. Exact decimal arithmetic; the server recomputes it.
 */
export function CryptoWithdrawSummary({
  state,
  amount,
}: {
  state: ChainAssetState;
  amount: string;
}) {
  const preview = withdrawPreview(amount, state.fee, state.places);
  return (
    <dl
      aria-label="Withdrawal summary"
      className="divide-y divide-line rounded-xl border border-line bg-canvas/60 px-4 py-1.5"
    >
      <Row label="Network fee" value={formatCoin(state.fee, state.asset)} testId="crypto-fee" />
      <Row
        label="You send"
        value={preview ? formatCoin(preview.send, state.asset) : '—'}
        testId="crypto-send"
        strong
      />
      <Row
        label="Recipient gets"
        value={preview ? formatCoin(preview.receive, state.asset) : '—'}
        testId="crypto-receive"
        strong
      />
    </dl>
  );
}

/** Available and held of the chosen asset, side by side. */
export function CryptoBalances({ state }: { state: ChainAssetState }) {
  return (
    <dl className="grid grid-cols-2 gap-2">
      <div className="rounded-xl border border-line bg-canvas/60 px-4 py-3">
        <dt className="text-xs text-subtle">Available</dt>
        <dd className="mt-0.5 font-semibold tabular-nums text-ink" data-testid="crypto-available">
          {formatCoin(state.available, state.asset)}
        </dd>
      </div>
      <div className="rounded-xl border border-line bg-canvas/60 px-4 py-3">
        <dt className="text-xs text-subtle">On hold</dt>
        <dd className="mt-0.5 font-semibold tabular-nums text-ink" data-testid="crypto-held">
          {formatCoin(state.held, state.asset)}
        </dd>
      </div>
    </dl>
  );
}

/** Minimum, daily limit and what is left of it today (India calendar day). */
export function CryptoLimits({ state }: { state: ChainAssetState }) {
  const items = [
    { label: 'Minimum', value: state.minimum },
    { label: 'Daily limit', value: state.dailyLimit },
    { label: 'Left today', value: state.remainingToday },
  ];
  return (
    <dl aria-label="Crypto withdrawal limits" className="grid gap-2 sm:grid-cols-3">
      {items.map((item) => (
        // One line each on phones: three columns of 390 px would break '50,000.00 USDT'.
        <div
          key={item.label}
          className="flex items-baseline justify-between gap-3 rounded-xl border border-line bg-canvas/60 px-3 py-2.5 sm:block"
        >
          <dt className="text-xs text-subtle">{item.label}</dt>
          <dd className="mt-0.5 text-sm font-semibold whitespace-nowrap tabular-nums text-ink">
            {formatCoin(item.value, state.asset)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
