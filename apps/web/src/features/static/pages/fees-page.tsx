import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowDownLeft,
  ArrowUpRight,
  Bitcoin,
  Clock,
  IndianRupee,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import {
  DEPOSIT_DAILY_LIMIT_INR,
  DEPOSIT_MAX_INR,
  DEPOSIT_MIN_INR,
  QUICK_BUY_SPREAD,
  QUICK_SELL_SPREAD,
} from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { PageHero } from '@/features/static/components/page-hero.tsx';

/** Whole-rupee limits read better without paise: ₹10,00,000 rather than ₹10,00,000.00. */
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const rupees = (amount: string) => wholeRupees.format(Number(amount));

/**
 * Crypto network fees and times (PRODUCT.md §9). The wallet screens show the same figures;
 * features do not share code, and these are product copy rather than server rules.
 */
const networks = [
  { network: 'Bitcoin Network', withdrawalFee: '0.0005 BTC', deposit: '2 network confirmations' },
  { network: 'Lightning Network', withdrawalFee: '1 sat', deposit: 'Instant' },
] as const;

function Card({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 md:p-8">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-xl bg-accent/10 text-accent">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold text-ink">{title}</h2>
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function Row({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 border-t border-line py-3.5 first:border-t-0 first:pt-0 last:pb-0">
      <dt className="text-muted">
        {label}
        {note ? <span className="block text-sm text-subtle">{note}</span> : null}
      </dt>
      <dd className="font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}

export default function FeesPage() {
  return (
    <>
      <PageHero
        eyebrow="Fees & limits"
        title="Simple, published pricing"
        description="Everything Sikka charges, and every limit we apply, on one page. No account fees, no charge to add rupees."
      />
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-2">
        <Card icon={Zap} title="Quick Trade (USDT/INR)">
          <p className="mb-6 text-sm leading-6 text-muted">
            Quick Trade has no separate commission. The price includes a fixed spread per USDT on
            the live USDT/INR market rate, and the rate you see is the rate you get, within 0.5%.
          </p>
          <dl>
            <Row
              label="Buy USDT"
              value={`Market rate + ₹${QUICK_BUY_SPREAD} per USDT`}
              note="Paid from your INR balance"
            />
            <Row
              label="Sell USDT"
              value={`Market rate − ₹${QUICK_SELL_SPREAD} per USDT`}
              note="Credited to your INR balance"
            />
          </dl>
        </Card>

        <Card icon={IndianRupee} title="INR deposits">
          <dl>
            <Row
              label="Deposit fee"
              value="Free"
              note="IMPS, NEFT or RTGS from your own bank account"
            />
            <Row label="Minimum per request" value={rupees(DEPOSIT_MIN_INR)} />
            <Row label="Maximum per request" value={rupees(DEPOSIT_MAX_INR)} />
            <Row label="Daily limit" value={rupees(DEPOSIT_DAILY_LIMIT_INR)} />
            <Row
              label="Processing time"
              value="Within 30 minutes"
              note="After you submit the UTR number"
            />
          </dl>
        </Card>

        <Card icon={Bitcoin} title="Crypto network fees">
          <div className="-mx-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-subtle">
                <tr>
                  <th scope="col" className="px-2 pb-3 font-medium">
                    Network
                  </th>
                  <th scope="col" className="px-2 pb-3 font-medium">
                    <ArrowUpRight className="mr-1 inline size-4" aria-hidden="true" />
                    Withdrawal fee
                  </th>
                  <th scope="col" className="px-2 pb-3 font-medium">
                    <ArrowDownLeft className="mr-1 inline size-4" aria-hidden="true" />
                    Deposit
                  </th>
                </tr>
              </thead>
              <tbody>
                {networks.map((n) => (
                  <tr key={n.network} className="border-t border-line">
                    <th scope="row" className="px-2 py-3.5 font-medium text-ink">
                      {n.network}
                    </th>
                    <td className="px-2 py-3.5 font-semibold text-ink tabular-nums">
                      {n.withdrawalFee}
                    </td>
                    <td className="px-2 py-3.5 text-muted">{n.deposit}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-4 text-sm leading-6 text-muted">
            The withdrawal fee covers the network&apos;s charge to move your coins and is deducted
            from the amount you send.
          </p>
        </Card>

        <Card icon={Clock} title="Withdrawals to your bank">
          <dl>
            <Row
              label="Processing time"
              value="Within 30 minutes"
              note="During banking hours, to your verified account"
            />
          </dl>
          <p className="mt-6 text-sm leading-6 text-muted">
            Limits apply per account and may be lowered while a KYC review is open. See our{' '}
            <Link
              to={paths.terms}
              className="text-accent underline underline-offset-2 hover:decoration-2"
            >
              Terms of Service
            </Link>{' '}
            for the full conditions.
          </p>
        </Card>
      </div>
    </>
  );
}
