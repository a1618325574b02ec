import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, BadgeCheck, Headset, ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/layout/logo.tsx';

const points = [
  { icon: ShieldCheck, text: 'AML compliant, with KYC-verified accounts' },
  { icon: BadgeCheck, text: 'Registered with the Financial Intelligence Unit (FIU-IND)' },
  { icon: Headset, text: 'Support by ticket and e-mail' },
] as const;

/** The frame of the login and sign-up screens: brand panel on wide screens, the form beside it. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_minmax(0,560px)]">
      <aside className="relative hidden overflow-hidden border-r border-line bg-surface lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_70%_55%_at_0%_100%,color-mix(in_oklab,var(--color-accent)_13%,transparent),transparent)]"
        />
        <Link to={paths.home} aria-label="Sikka home" className="relative w-fit">
          <Logo />
        </Link>
        <div className="relative max-w-lg">
          <h2 className="text-4xl font-bold tracking-tight text-ink">
            Buy, sell and store crypto in India
          </h2>
          <p className="mt-4 text-lg text-muted">
            INR markets, instant USDT trades and a wallet you can trust.
          </p>
          <ul className="mt-8 space-y-3">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-ink">
                <Icon className="size-5 shrink-0 text-accent" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-subtle">© {new Date().getFullYear()} Sikka</p>
      </aside>

      <main className="flex flex-col px-5 py-6 sm:px-10 lg:px-14">
        <div className="flex items-center justify-between">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted hover:text-ink"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to home
          </Link>
          <Link to={paths.home} aria-label="Sikka home" className="lg:hidden">
            <Logo />
          </Link>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
          <p className="mt-2 text-muted">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>
    </div>
  );
}
