import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';
import { formatInr } from '../../../lib/format.ts';
import { useAuth } from '../../auth/hooks/use-auth.ts';

/** Dashboard overview; balances cards, KYC prompt and the market table arrive later. */
export default function OverviewPage() {
  const { user, balance, usdtBalance } = useAuth();
  return (
    <PlaceholderPage
      title="Overview"
      description={user ? `Welcome back, ${user.fullName}.` : undefined}
    >
      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-line bg-surface p-5">
          <dt className="text-sm text-muted">Wallet Balance (INR)</dt>
          <dd className="mt-2 text-2xl font-semibold tabular-nums text-ink">{formatInr(balance)}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-5">
          <dt className="text-sm text-muted">USDT Balance</dt>
          <dd className="mt-2 text-2xl font-semibold tabular-nums text-ink">{usdtBalance} USDT</dd>
        </div>
      </dl>
    </PlaceholderPage>
  );
}
