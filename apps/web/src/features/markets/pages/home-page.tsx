import { Link } from 'react-router';
import { Landmark, ShieldCheck, Zap } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useAuth } from '../../auth/hooks/use-auth.ts';

const highlights = [
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
] as const;

/** The landing page's hero; market sections arrive with the markets work. */
export default function HomePage() {
  const { user } = useAuth();
  return (
    <div className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[560px] bg-[radial-gradient(ellipse_60%_70%_at_70%_0%,color-mix(in_oklab,var(--color-accent)_14%,transparent),transparent)]"
      />
      <section className="relative mx-auto max-w-7xl px-4 pt-16 pb-12 md:px-6 md:pt-24">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">
          India&apos;s rupee-first crypto exchange
        </p>
        <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-ink md:text-6xl">
          Buy, sell and store crypto in India
        </h1>
        <p className="mt-5 max-w-xl text-lg text-muted">
          Trade Bitcoin, Ethereum, USDT and more with rupees. Simple, secure and built for India.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.trade} className={buttonClasses('primary', 'lg')}>
            Start Trading
          </Link>
          {user ? null : (
            <Link to={paths.signup} className={buttonClasses('outline', 'lg')}>
              Create Account
            </Link>
          )}
        </div>
      </section>
      <section
        aria-label="Why Sikka"
        className="relative mx-auto grid max-w-7xl gap-4 px-4 pb-16 sm:grid-cols-3 md:px-6"
      >
        {highlights.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-2xl border border-line bg-surface p-6">
            <span className="grid size-10 place-items-center rounded-xl bg-accent/10 text-accent">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h2 className="mt-4 font-semibold text-ink">{title}</h2>
            <p className="mt-1.5 text-sm leading-6 text-muted">{text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
