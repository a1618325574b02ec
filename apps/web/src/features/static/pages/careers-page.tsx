import {
  Briefcase,
  Clock,
  GraduationCap,
  HeartPulse,
  Laptop,
  MapPin,
  Search,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { jobs } from '@/features/static/content/jobs.ts';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import { filterJobs } from '@/features/static/lib/filter-jobs.ts';

const perks = [
  { icon: HeartPulse, text: 'Health cover for you, your partner and parents' },
  { icon: Wallet, text: 'Competitive pay with ESOPs for every full-time role' },
  { icon: Laptop, text: 'Hybrid work and a home-office allowance' },
  { icon: GraduationCap, text: '₹50,000 a year for courses and conferences' },
] as const;

const CAREERS_EMAIL = 'careers@sikka.example';

export default function CareersPage() {
  const [query, setQuery] = useState('');
  const shown = filterJobs(jobs, query);
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Help India own crypto safely"
        description="We are a small team of engineers, compliance specialists and support staff in Bengaluru, Mumbai and across India. Join us to build the exchange we would trust with our own savings."
      >
        {/* Filters the openings below as you type (role, team, city or words of the text). */}
        <div className="relative mt-8 max-w-lg">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-subtle"
            aria-hidden="true"
          />
          <input
            type="search"
            aria-label="Search jobs"
            aria-controls="openings-list"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search by role, team or city"
            className="h-12 w-full rounded-xl border border-line bg-canvas pr-4 pl-11 text-[15px] text-ink placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
          />
        </div>
      </PageHero>

      <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 md:py-16">
        <section aria-labelledby="openings-heading">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="openings-heading" className="text-2xl font-semibold text-ink">
              Open positions
            </h2>
            <p className="text-sm text-subtle" role="status">
              {shown.length === jobs.length
                ? `${jobs.length} openings`
                : `${shown.length} of ${jobs.length} openings`}
            </p>
          </div>
          {shown.length === 0 ? (
            <div className="mt-6 rounded-2xl border border-line bg-surface p-6 text-muted">
              No opening matches &ldquo;{query.trim()}&rdquo;.{' '}
              <button
                type="button"
                onClick={() => setQuery('')}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                Show all openings
              </button>
            </div>
          ) : null}
          <ul id="openings-list" className="mt-6 space-y-4">
            {shown.map((job) => (
              <li key={job.id}>
                <article className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-6 md:flex-row md:items-start md:justify-between">
                  <div className="max-w-3xl">
                    <h3 className="text-lg font-semibold text-ink">{job.title}</h3>
                    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                      <li className="inline-flex items-center gap-1.5">
                        <Briefcase className="size-4 text-accent" aria-hidden="true" />
                        {job.department}
                      </li>
                      <li className="inline-flex items-center gap-1.5">
                        <MapPin className="size-4 text-accent" aria-hidden="true" />
                        {job.location}
                      </li>
                      <li className="inline-flex items-center gap-1.5">
                        <Clock className="size-4 text-accent" aria-hidden="true" />
                        {job.type}
                      </li>
                    </ul>
                    <p className="mt-4 leading-7 text-muted">{job.description}</p>
                  </div>
                  <a
                    href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(`Application: ${job.title}`)}`}
                    className={buttonClasses('primary', 'md', 'shrink-0 self-start')}
                    aria-label={`Apply for ${job.title}`}
                  >
                    Apply
                  </a>
                </article>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="perks-heading" className="mt-14">
          <h2 id="perks-heading" className="text-2xl font-semibold text-ink">
            Why people stay
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {perks.map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-5"
              >
                <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
                <span className="text-sm leading-6 text-ink">{text}</span>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-muted">
            Don&apos;t see your role? Write to{' '}
            <a
              href={`mailto:${CAREERS_EMAIL}`}
              className="text-accent underline underline-offset-2 hover:decoration-2"
            >
              {CAREERS_EMAIL}
            </a>{' '}
            with what you would like to work on.
          </p>
        </section>
      </div>
    </>
  );
}
