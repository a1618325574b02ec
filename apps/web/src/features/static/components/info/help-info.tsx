import { Link } from 'react-router';
import { BadgeCheck, IndianRupee, Rocket, Zap, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { PageHero } from '@/features/static/components/page-hero.tsx';

interface Guide {
  icon: LucideIcon;
  title: string;
  steps: readonly string[];
}

const guides: readonly Guide[] = [
  {
    icon: Rocket,
    title: 'Getting started',
    steps: [
      'Sign up with your full name, e-mail, phone number and a password of at least 8 characters.',
      'Open your dashboard: it shows your INR and USDT balances and the live market.',
      'Star coins in the market table to build your watchlist.',
    ],
  },
  {
    icon: BadgeCheck,
    title: 'Verifying your identity',
    steps: [
      'On the dashboard, choose Complete Your KYC and pick Individual.',
      'Enter your Aadhaar and PAN numbers and upload clear photos of both cards.',
      'Add your bank details and a 6-month bank statement (PDF), then take a live selfie.',
      'Submit. You will see Submitted, then Verified, or a reason to fix and resubmit.',
    ],
  },
  {
    icon: IndianRupee,
    title: 'Adding rupees',
    steps: [
      'Go to Wallet → Deposit INR and choose Bank Transfer (IMPS/NEFT/RTGS).',
      'Transfer from your own bank account to the account details shown.',
      'Enter the amount (₹100 to ₹10,00,000) and the UTR number from your bank’s confirmation.',
      'Your balance updates once the deposit is approved, normally within 30 minutes.',
    ],
  },
  {
    icon: Zap,
    title: 'Buying and selling USDT',
    steps: [
      'Open Quick Trade and choose Buy or Sell.',
      'Enter an amount in INR or USDT, or use the slider to pick a share of your balance.',
      'Check the rate and confirm. The trade appears in Quick History straight away.',
    ],
  },
];

/** /help: short, accurate how-to guides for the main journeys. */
export function HelpInfo() {
  return (
    <>
      <PageHero
        eyebrow="Help Center"
        title="Guides for every step"
        description="From your first sign-up to your first trade. Can’t find what you need? Our FAQ and support tickets are a click away."
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 md:py-16">
        <div className="grid gap-6 md:grid-cols-2">
          {guides.map(({ icon: Icon, title, steps }) => (
            <section key={title} className="rounded-2xl border border-line bg-surface p-6 md:p-8">
              <div className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-xl bg-accent/10 text-accent">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h2 className="text-xl font-semibold text-ink">{title}</h2>
              </div>
              <ol className="mt-5 space-y-3">
                {steps.map((step, i) => (
                  <li key={step} className="flex gap-3 text-[15px] leading-6 text-muted">
                    <span className="grid size-6 shrink-0 place-items-center rounded-full bg-raised text-xs font-semibold text-ink tabular-nums">
                      {i + 1}
                    </span>
                    {step}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
        <p className="mt-10 text-center text-muted">
          Still stuck?{' '}
          <Link
            to={paths.faq}
            className="text-accent underline underline-offset-2 hover:decoration-2"
          >
            Read the FAQ
          </Link>{' '}
          or{' '}
          <Link
            to={paths.submitTicket}
            className="text-accent underline underline-offset-2 hover:decoration-2"
          >
            submit a ticket
          </Link>
          .
        </p>
      </div>
    </>
  );
}
