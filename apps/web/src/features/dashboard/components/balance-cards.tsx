import type { ReactNode } from 'react';
import { IndianRupee, TrendingUp, Wallet } from 'lucide-react';
import { addDecimal, INR_DECIMALS, multiplyDecimal } from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';

const usdtFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});

/** USDT with 2 to 8 places in Indian grouping; the string is formatted as is, never rounded. */
export function formatUsdt(value: string): string {
  return `${usdtFormat.format(value as `${number}`)} USDT`;
}

function Card({
  label,
  icon,
  children,
  testId,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5" data-testid={testId}>
      <dt className="flex items-center gap-2 text-sm text-muted">
        {icon}
        {label}
      </dt>
      <dd className="mt-3">{children}</dd>
    </div>
  );
}

/**
 * Total Balance (INR + USDT at the USDT/INR price, an estimate), Wallet Balance (INR), and
 * Today's PnL, fixed at 0.00 and 0.00% as the product specifies.
 */
export function BalanceCards({
  inr,
  usdt,
  usdtInrPrice,
}: {
  inr: string;
  usdt: string;
  usdtInrPrice: string;
}) {
  const total = addDecimal(inr, multiplyDecimal(usdt, usdtInrPrice, INR_DECIMALS), INR_DECIMALS);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Card
        label="Total Balance"
        testId="total-balance"
        icon={<Wallet className="size-4 text-accent" aria-hidden="true" />}
      >
        <p className="text-2xl font-bold tabular-nums text-ink md:text-3xl">
          <span className="sr-only">approximately </span>
          <span aria-hidden="true" className="mr-1 text-muted">
            ≈
          </span>
          {formatInr(total)}
        </p>
        <p className="mt-1.5 text-xs text-subtle">
          Estimate: INR plus USDT at {formatInr(usdtInrPrice)} per USDT
        </p>
      </Card>
      <Card
        label="Wallet Balance (INR)"
        testId="wallet-balance"
        icon={<IndianRupee className="size-4 text-accent" aria-hidden="true" />}
      >
        <p
          className="text-2xl font-bold tabular-nums text-ink md:text-3xl"
          data-testid="wallet-balance-inr"
        >
          {formatInr(inr)}
        </p>
        <p className="mt-1.5 text-xs text-muted">
          USDT wallet:{' '}
          <span className="font-medium tabular-nums text-ink" data-testid="usdt-balance">
            {formatUsdt(usdt)}
          </span>
        </p>
      </Card>
      <Card
        label="Today's PnL"
        testId="todays-pnl"
        icon={<TrendingUp className="size-4 text-accent" aria-hidden="true" />}
      >
        <p className="text-2xl font-bold tabular-nums text-ink md:text-3xl">₹0.00</p>
        <p className="mt-1.5 text-xs font-medium tabular-nums text-subtle">0.00%</p>
      </Card>
    </dl>
  );
}
