import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { IndianRupee, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { addDecimal, INR_DECIMALS, multiplyDecimal, type OverviewResponse } from '@sikka/contracts';
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

const pnlColor = (value: string) => {
  const n = Number(value);
  return n > 0 ? 'text-up' : n < 0 ? 'text-down' : 'text-ink';
};

/** '+₹12.50' / '−₹3.00' / '₹0.00': the sign spelled out, as colour is not the only cue. */
function signedInr(value: string): string {
  const v = value.trim();
  if (v.startsWith('-')) return `−${formatInr(v.slice(1))}`;
  return Number(v) > 0 ? `+${formatInr(v)}` : formatInr(v);
}

function signedPercent(value: string): string {
  const v = value.trim();
  if (v.startsWith('-')) return `−${v.slice(1)}%`;
  return Number(v) > 0 ? `+${v}%` : `${v}%`;
}

/**
 * Total Balance (INR available, reserved and held, USDT at the server's USDT/INR rate, and
 * other coins at their live prices), Wallet
 * Balance (INR), and Today's PnL since 00:00 IST net of deposits and payouts — all from
 * GET /api/me/overview. Until that answers, Total Balance is the same sum made here from the
 * balances and the live price.
 */
export function BalanceCards({
  inr,
  inrHeld,
  usdt,
  usdtInrPrice,
  overview,
}: {
  inr: string;
  inrHeld: string;
  usdt: string;
  usdtInrPrice: string;
  overview: OverviewResponse | undefined;
}) {
  // Rounded down like the server's figure (money/overview.ts), which replaces it.
  const estimate = addDecimal(
    addDecimal(inr, inrHeld, INR_DECIMALS),
    multiplyDecimal(usdt, usdtInrPrice, INR_DECIMALS, 'down'),
    INR_DECIMALS,
  );
  const total = overview?.totalBalanceInr ?? estimate;
  const rate = overview?.usdtInrRate ?? usdtInrPrice;
  const held = overview?.inrHeld ?? inrHeld;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Card
        label="Total Balance"
        testId="total-balance"
        icon={<Wallet className="size-4 text-accent" aria-hidden="true" />}
      >
        <p
          className="text-2xl font-bold tabular-nums text-ink md:text-3xl"
          data-testid="total-balance-inr"
        >
          <span className="sr-only">approximately </span>
          <span aria-hidden="true" className="mr-1 text-muted">
            ≈
          </span>
          {formatInr(total)}
        </p>
        <p className="mt-1.5 text-xs text-subtle">
          INR{Number(held) > 0 ? ` (incl. ${formatInr(held)} held)` : ''} plus USDT at{' '}
          {formatInr(rate)} per USDT
          {overview && Number(overview.otherCoinsInr) > 0 ? ', and other coins at live prices' : ''}
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
        icon={
          // The arrow goes the way the day went: down for a loss.
          overview && Number(overview.todaysPnlInr) < 0 ? (
            <TrendingDown className="size-4 text-accent" aria-hidden="true" />
          ) : (
            <TrendingUp className="size-4 text-accent" aria-hidden="true" />
          )
        }
      >
        {overview ? (
          <>
            <p
              className={clsx(
                'text-2xl font-bold tabular-nums md:text-3xl',
                pnlColor(overview.todaysPnlInr),
              )}
              data-testid="todays-pnl-inr"
            >
              {signedInr(overview.todaysPnlInr)}
            </p>
            <p
              className={clsx(
                'mt-1.5 text-xs font-medium tabular-nums',
                pnlColor(overview.todaysPnlPercent),
              )}
              data-testid="todays-pnl-percent"
            >
              {Number(overview.dayOpenValueInr) === 0 ? (
                // A percent of nothing held at midnight would say 0.00% beside a real loss.
                <span className="font-normal text-subtle">
                  No percent: nothing held at 00:00 IST
                </span>
              ) : (
                <>
                  {signedPercent(overview.todaysPnlPercent)}{' '}
                  <span className="font-normal text-subtle">since 00:00 IST</span>
                </>
              )}
            </p>
          </>
        ) : (
          <div aria-label="Loading Today's PnL" role="status" className="space-y-2">
            <div className="h-8 w-32 animate-shimmer rounded-lg bg-raised" />
            <div className="h-3 w-20 animate-shimmer rounded bg-raised" />
          </div>
        )}
      </Card>
    </dl>
  );
}
