import { Link } from 'react-router';
import { BookOpen, CandlestickChart, Clock, Search, Star, Zap } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageHero } from '@/features/static/components/page-hero.tsx';

const features = [
  {
    icon: CandlestickChart,
    title: 'Live candlestick charts',
    text: 'One-minute and one-hour candles with volume for every INR market, updated as prices move.',
  },
  {
    icon: BookOpen,
    title: 'Order book',
    text: 'Seven levels of bids and asks around the last price, filterable to buys or sells.',
  },
  {
    icon: Search,
    title: 'Every INR pair',
    text: 'Search the full list of rupee markets by name or symbol.',
  },
  {
    icon: Star,
    title: 'Watchlist',
    text: 'Star the coins you follow and find them again on every screen.',
  },
] as const;

/** /exchange: what the spot exchange offers and what works today. */
export function ExchangeInfo() {
  return (
    <>
      <PageHero
        eyebrow="Products"
        title="The Sikka Exchange"
        description="Spot markets for popular coins, priced in Indian rupees, with professional charts and an order book."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.trade} className={buttonClasses('primary', 'lg')}>
            Open the exchange
          </Link>
          <Link to={paths.markets} className={buttonClasses('outline', 'lg')}>
            View markets
          </Link>
        </div>
      </PageHero>
      <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 md:py-16">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-surface p-6">
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <h2 className="mt-4 font-semibold text-ink">{title}</h2>
              <p className="mt-2 text-sm leading-6 text-muted">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          <section className="rounded-2xl border border-accent/30 bg-accent/5 p-6">
            <div className="flex items-center gap-2 text-accent">
              <Clock className="size-5" aria-hidden="true" />
              <h2 className="font-semibold">Order placement is coming soon</h2>
            </div>
            <p className="mt-2 text-sm leading-6 text-muted">
              You can browse charts and order books today. Limit and market orders open once our
              matching engine completes its final audits; we will post the date on the Announcements
              page.
            </p>
          </section>
          <section className="rounded-2xl border border-line bg-surface p-6">
            <div className="flex items-center gap-2 text-ink">
              <Zap className="size-5 text-accent" aria-hidden="true" />
              <h2 className="font-semibold">Need to trade now?</h2>
            </div>
            <p className="mt-2 text-sm leading-6 text-muted">
              Quick Trade buys and sells USDT instantly against your INR balance at a published
              spread.
            </p>
            <Link to={paths.quickBuy} className={buttonClasses('secondary', 'sm', 'mt-4')}>
              Go to Quick Trade
            </Link>
          </section>
        </div>
      </div>
    </>
  );
}
