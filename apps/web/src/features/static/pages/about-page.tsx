import { Link } from 'react-router';
import {
  BadgeCheck,
  Clock,
  Eye,
  HeartHandshake,
  IndianRupee,
  Lock,
  Scale,
  Target,
  Users,
} from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageHero } from '@/features/static/components/page-hero.tsx';

const stats = [
  { icon: Users, value: '1M+', label: 'Registered users' },
  { icon: Clock, value: '30 min', label: 'Typical INR deposit credit' },
  { icon: IndianRupee, value: '₹0', label: 'Fee on INR deposits' },
  { icon: BadgeCheck, value: 'FIU-IND', label: 'Registered reporting entity' },
] as const;

const values = [
  {
    icon: Lock,
    title: 'Safety before speed',
    text: 'Every rupee and every coin is accounted for in a double-entry ledger. KYC documents stay private, and the full Aadhaar number is stored only encrypted.',
  },
  {
    icon: Scale,
    title: 'Prices you can check',
    text: 'One clear spread on Quick Trade, published on our Fees page, and no charge for INR deposits. What you see before you confirm is what you pay.',
  },
  {
    icon: IndianRupee,
    title: 'Built for India',
    text: 'Rupee prices, IMPS, NEFT and RTGS deposits, Indian number formatting and support in Hindi and English, because that is how our customers live.',
  },
  {
    icon: HeartHandshake,
    title: 'Straight talk',
    text: 'Crypto is risky. We say so plainly, explain what a product does before you use it, and never push you to trade more.',
  },
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About Sikka"
        title="Crypto for every Indian, in rupees"
        description="Sikka is an Indian crypto exchange and wallet. We started in Bengaluru with one idea: buying your first USDT should be as simple and as safe as paying a bill with UPI."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.signup} className={buttonClasses('primary', 'lg')}>
            Create free account
          </Link>
          <Link to={paths.markets} className={buttonClasses('outline', 'lg')}>
            Explore markets
          </Link>
        </div>
      </PageHero>

      <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 md:py-16">
        <section aria-label="Sikka in numbers">
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {stats.map(({ icon: Icon, value, label }) => (
              // dt comes first for assistive tech; `order` shows the figure above its label.
              <div
                key={label}
                className="flex flex-col rounded-2xl border border-line bg-surface p-5 md:p-6"
              >
                <Icon className="size-5 text-accent" aria-hidden="true" />
                <dt className="order-last mt-1 text-sm text-muted">{label}</dt>
                <dd className="mt-4 text-2xl font-bold tracking-tight text-ink md:text-3xl">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="mt-14 grid gap-6 md:grid-cols-2">
          <section className="rounded-2xl border border-line bg-surface p-6 md:p-8">
            <span className="grid size-11 place-items-center rounded-xl bg-accent/10 text-accent">
              <Target className="size-5" aria-hidden="true" />
            </span>
            <h2 className="mt-5 text-2xl font-semibold text-ink">Our mission</h2>
            <p className="mt-3 leading-7 text-muted">
              To make crypto simple, safe and accessible for everyone in India. That means rupee
              prices, deposits from the bank account you already have, verification that takes
              minutes, and answers from a real person at any hour.
            </p>
          </section>
          <section className="rounded-2xl border border-line bg-surface p-6 md:p-8">
            <span className="grid size-11 place-items-center rounded-xl bg-accent/10 text-accent">
              <Eye className="size-5" aria-hidden="true" />
            </span>
            <h2 className="mt-5 text-2xl font-semibold text-ink">Our vision</h2>
            <p className="mt-3 leading-7 text-muted">
              An India where digital assets are held as confidently as a fixed deposit: through
              platforms that follow the law, keep customers&apos; money separate and accounted for,
              and explain risk honestly. We want to be the exchange a careful first-time investor
              recommends to their parents.
            </p>
          </section>
        </div>

        <section className="mt-14" aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-2xl font-semibold text-ink md:text-3xl">
            What we stand for
          </h2>
          <p className="mt-2 max-w-2xl text-muted">
            Four values guide how we build and how we answer when something goes wrong.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-line bg-surface p-6">
                <Icon className="size-6 text-accent" aria-hidden="true" />
                <h3 className="mt-4 font-semibold text-ink">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-14 flex flex-col items-start gap-4 rounded-2xl border border-accent/30 bg-accent/5 p-6 md:flex-row md:items-center md:justify-between md:p-8">
          <div>
            <h2 className="text-xl font-semibold text-ink">Want to build this with us?</h2>
            <p className="mt-1 text-muted">
              We are hiring engineers, compliance analysts and support staff.
            </p>
          </div>
          <Link to={paths.careers} className={buttonClasses('primary', 'md')}>
            See open roles
          </Link>
        </section>
      </div>
    </>
  );
}
