import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  AlertTriangle,
  Apple,
  BadgeCheck,
  Headset,
  Landmark,
  Laptop,
  Lock,
  Play,
  ShieldCheck,
  Smartphone,
  Zap,
} from 'lucide-react';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { deferred } from '@/components/deferred.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { HeroMoversCard } from '@/features/markets/components/hero-movers-card.tsx';
import { HomeHero } from '@/features/markets/components/home-hero.tsx';

/**
 * Below the fold on every screen size: loaded once the hero is up, so the table, its search
 * and the 'View All Coins' trigger are not part of the start-up JavaScript of /.
 */
const MarketOverview = deferred(async () => ({
  default: (await import('@/components/market/market-overview.tsx')).MarketOverview,
}));

/** True from the first frame painted after mount: what can wait for the hero waits for this. */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout queued from an animation frame runs after that frame is painted. A transition,
    // so rendering what was waiting yields to the browser every few milliseconds.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * Holds the place of the sections below the hero until the hero's first frame is painted: the
 * footer stays below the screen, so nothing in view moves when they arrive.
 */
function BelowHeroPlaceholder() {
  return <div aria-hidden="true" className="min-h-svh" />;
}

/** Holds the overview's place (about its height with five rows) until it has loaded. */
function MarketOverviewPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="h-[27rem] rounded-2xl border border-line bg-surface md:h-[25.5rem]"
    />
  );
}

const reasons = [
  {
    icon: Landmark,
    title: 'Rupee first',
    text: 'Deposit INR by IMPS, NEFT or RTGS and see every price in rupees.',
  },
  {
    icon: Zap,
    title: 'Instant USDT',
    text: 'Buy or sell USDT in seconds at a clear, quoted rate.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe by design',
    text: 'KYC-verified accounts, AML checks and private document storage.',
  },
  {
    icon: Headset,
    title: 'Help when you need it',
    text: 'Guides for every step, and real people who answer your ticket by e-mail.',
  },
] as const;

const compliance = [
  {
    icon: BadgeCheck,
    title: 'FIU-IND registered',
    text: 'Registered as a reporting entity with the Financial Intelligence Unit – India.',
  },
  {
    icon: ShieldCheck,
    title: 'AML & KYC',
    text: 'Every account is verified, and transactions are monitored under PMLA rules.',
  },
  {
    icon: Lock,
    title: 'Your documents stay private',
    text: 'KYC documents are encrypted and seen only by you and our review team.',
  },
] as const;

/** Why choose, the market overview, compliance and risk, the app download. */
function BelowHero() {
  return (
    <>
      {/* Why choose */}
      <section
        aria-labelledby="why-heading"
        className="relative mx-auto max-w-7xl px-4 pb-16 md:px-6"
      >
        <h2 id="why-heading" className="text-2xl font-bold tracking-tight text-ink md:text-3xl">
          Why choose Sikka
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-line bg-surface p-6">
              <span className="grid size-10 place-items-center rounded-xl bg-accent/10 text-accent">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-ink">{title}</h3>
              <p className="mt-1.5 text-sm leading-6 text-muted">{text}</p>
            </div>
          ))}
        </div>
      </section>

      {/* Market overview */}
      <div className="relative mx-auto max-w-7xl px-4 pb-16 md:px-6">
        <MarketOverview
          fallback={<MarketOverviewPlaceholder />}
          failed={(retry) => (
            <RetryAlert
              message={messages.router.partFailed('The market overview')}
              onRetry={retry}
            />
          )}
        />
      </div>

      {/* Compliance and risk */}
      <section
        aria-labelledby="compliance-heading"
        className="relative mx-auto max-w-7xl px-4 pb-16 md:px-6"
      >
        <h2
          id="compliance-heading"
          className="text-2xl font-bold tracking-tight text-ink md:text-3xl"
        >
          Compliance and risk
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {compliance.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5">
              <Icon className="mt-0.5 size-5 shrink-0 text-up" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-ink">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-muted">{text}</p>
              </div>
            </div>
          ))}
        </div>
        <div className="mt-4 flex gap-4 rounded-2xl border border-accent/30 bg-accent/5 p-5">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          <div className="text-sm leading-6 text-muted">
            <p className="font-semibold text-ink">Risk warning</p>
            <p className="mt-1">
              Crypto products are unregulated and can be highly risky. There may be no regulatory
              recourse for any loss from such transactions. Prices can move sharply in minutes;
              invest only what you can afford to lose. Read our{' '}
              <Link
                to={paths.terms}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link
                to={paths.amlKyc}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                AML &amp; KYC Policy
              </Link>
              .
            </p>
          </div>
        </div>
      </section>

      {/* App download */}
      <section
        aria-labelledby="app-heading"
        className="relative mx-auto max-w-7xl px-4 pb-20 md:px-6"
      >
        <div className="relative overflow-hidden rounded-3xl border border-line-strong bg-gradient-to-br from-raised to-surface p-8 md:p-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-accent/15 blur-3xl"
          />
          <div className="relative grid items-center gap-8 md:grid-cols-[1.4fr_1fr]">
            <div>
              <h2
                id="app-heading"
                className="text-2xl font-bold tracking-tight text-ink md:text-3xl"
              >
                Trade anywhere with the Sikka app
              </h2>
              <p className="mt-3 max-w-lg text-muted">
                Apps for Android, iOS and the desktop are coming soon, with price alerts for your
                watchlist. Until then, Sikka works fully in your browser.
              </p>
              <div className="mt-6 grid gap-3 sm:flex sm:flex-wrap">
                <Link to={paths.mobileApp} className={buttonClasses('outline', 'lg')}>
                  <Play className="size-4" aria-hidden="true" />
                  Google Play
                </Link>
                <Link to={paths.mobileApp} className={buttonClasses('outline', 'lg')}>
                  <Apple className="size-4" aria-hidden="true" />
                  App Store
                </Link>
                <Link to={paths.desktopApp} className={buttonClasses('outline', 'lg')}>
                  <Laptop className="size-4" aria-hidden="true" />
                  Desktop
                </Link>
              </div>
            </div>
            <div aria-hidden="true" className="hidden justify-center md:flex">
              <div className="grid size-40 place-items-center rounded-[2rem] border border-line-strong bg-canvas/70 shadow-2xl shadow-black/40">
                <Smartphone className="size-16 text-accent" />
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** Landing page (PRODUCT.md §2): hero, why-choose, market overview, compliance and risk, app download. */
export default function HomePage() {
  const { user } = useAuth();
  const painted = usePaintedOnce();
  return (
    <div className="relative overflow-hidden">
      <HomeHero
        actions={
          <>
            {/* Guests sign in first: /trade is for signed-in users only. */}
            <Link to={user ? paths.trade : paths.login} className={buttonClasses('primary', 'lg')}>
              Start Trading
            </Link>
            {user ? null : (
              <Link to={paths.signup} className={buttonClasses('outline', 'lg')}>
                Create Account
              </Link>
            )}
          </>
        }
        card={<HeroMoversCard />}
      />

      {/* Below the hero: committed after its first frame, so that commit is not one long task. */}
      {painted ? <BelowHero /> : <BelowHeroPlaceholder />}
    </div>
  );
}
