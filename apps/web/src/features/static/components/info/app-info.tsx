import { Link } from 'react-router';
import { Check, Monitor, Smartphone, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageHero } from '@/features/static/components/page-hero.tsx';

interface AppInfoContent {
  title: string;
  description: string;
  icon: LucideIcon;
  platforms: readonly string[];
  features: readonly string[];
}

const apps: Record<'mobile' | 'desktop', AppInfoContent> = {
  mobile: {
    title: 'Sikka for Android and iOS',
    description:
      'Your INR balance, USDT wallet and watchlist in your pocket. The apps are in final testing; until they arrive, Sikka works fully in your phone’s browser.',
    icon: Smartphone,
    platforms: ['Android 9 and later', 'iOS 15 and later'],
    features: [
      'Price alerts for the coins on your watchlist',
      'Sign in with fingerprint or Face ID',
      'Quick Trade USDT in two taps',
      'KYC with your phone camera, no scanning needed',
      'Deposit status notifications',
    ],
  },
  desktop: {
    title: 'Sikka for desktop',
    description:
      'A focused trading window for Windows, macOS and Linux with multi-chart layouts and keyboard shortcuts. In development; the web exchange offers the same charts today.',
    icon: Monitor,
    platforms: ['Windows 10 and 11', 'macOS 12 and later', 'Ubuntu 22.04 and later'],
    features: [
      'Several charts side by side',
      'Keyboard shortcuts for every panel',
      'Separate windows for order book and watchlist',
      'System notifications for price alerts',
      'Automatic updates',
    ],
  },
};

/** /mobile-app and /desktop-app: what is coming and what to use meanwhile. */
export function AppInfo({ kind }: { kind: 'mobile' | 'desktop' }) {
  const app = apps[kind];
  const Icon = app.icon;
  return (
    <>
      <PageHero eyebrow="Coming soon" title={app.title} description={app.description}>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to={kind === 'mobile' ? paths.markets : paths.trade}
            className={buttonClasses('primary', 'lg')}
          >
            Use Sikka on the web
          </Link>
        </div>
      </PageHero>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-[1fr_1.4fr]">
        <section className="rounded-2xl border border-line bg-surface p-6 md:p-8">
          <span className="grid size-12 place-items-center rounded-xl bg-accent/10 text-accent">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-5 text-xl font-semibold text-ink">Platforms</h2>
          <ul className="mt-4 space-y-3">
            {app.platforms.map((platform) => (
              <li key={platform} className="flex items-center justify-between gap-3 text-sm">
                <span className="text-ink">{platform}</span>
                <span className="rounded-full border border-line px-2.5 py-0.5 text-xs text-muted">
                  Coming soon
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-2xl border border-line bg-surface p-6 md:p-8">
          <h2 className="text-xl font-semibold text-ink">What you will get</h2>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {app.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2.5 text-sm leading-6 text-muted">
                <Check className="mt-1 size-4 shrink-0 text-up" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
