import { Link } from 'react-router';
import { BookOpen, ChevronRight, HelpCircle, Mail, Ticket } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import { SUPPORT_EMAIL } from './contact-details.ts';

const routes = [
  {
    to: paths.help,
    icon: BookOpen,
    title: 'Help Center',
    text: 'Step-by-step guides to KYC, deposits and trading.',
  },
  {
    to: paths.faq,
    icon: HelpCircle,
    title: 'FAQ',
    text: 'Quick answers to the questions we hear most.',
  },
  {
    to: paths.submitTicket,
    icon: Ticket,
    title: 'Submit a ticket',
    text: 'Describe a problem and get a reply by e-mail.',
  },
  {
    to: paths.contact,
    icon: Mail,
    title: 'Contact us',
    text: 'E-mail, phone and our office address.',
  },
] as const;

/** The questions support hears most, each linked to its answer in the FAQ (content/faq.ts). */
const topics = [
  ['deposit-not-credited', 'My deposit has not been credited after 30 minutes'],
  ['kyc-rejected', 'My KYC was rejected: what should I fix?'],
  ['wrong-utr', 'I entered the wrong UTR number'],
  ['quick-trade-declined', 'Why was my Quick Trade declined?'],
  ['change-phone', 'How do I change my registered phone number?'],
] as const;

/** /support: the way in to every kind of help. */
export function SupportInfo() {
  return (
    <>
      <PageHero
        eyebrow="Support"
        title="How can we help?"
        description="Most questions are answered in the guides below. For anything else, submit a ticket or write to us: a person on our support team replies by e-mail."
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 md:py-16">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {routes.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-accent/60"
              >
                <Icon className="size-6 text-accent" aria-hidden="true" />
                <span className="mt-4 font-semibold text-ink">{title}</span>
                <span className="mt-2 text-sm leading-6 text-muted">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-10 grid gap-6 lg:grid-cols-[1.4fr_1fr]">
          <section
            aria-labelledby="popular-topics"
            className="rounded-2xl border border-line bg-surface p-6 md:p-8"
          >
            <h2 id="popular-topics" className="text-xl font-semibold text-ink">
              Popular topics
            </h2>
            <ul className="mt-4 divide-y divide-line">
              {topics.map(([id, topic]) => (
                <li key={id}>
                  <Link
                    to={`${paths.faq}#${id}`}
                    className="group flex items-center justify-between gap-3 py-3 text-muted hover:text-ink"
                  >
                    {topic}
                    <ChevronRight
                      className="size-4 shrink-0 text-subtle group-hover:text-accent"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-subtle">
              More answers are in the{' '}
              <Link
                to={paths.faq}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                FAQ
              </Link>{' '}
              and the{' '}
              <Link
                to={paths.help}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                Help Center
              </Link>
              .
            </p>
          </section>
          <section className="rounded-2xl border border-accent/30 bg-accent/5 p-6 md:p-8">
            <Mail className="size-6 text-accent" aria-hidden="true" />
            <h2 className="mt-4 text-xl font-semibold text-ink">Write to support</h2>
            <p className="mt-2 leading-7 text-muted">
              Write from your registered e-mail and, for a deposit, include its UTR number, so we
              can find your account and your transfer straight away.{' '}
              <Link
                to={paths.submitTicket}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                Submit a ticket
              </Link>
              , or write to{' '}
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                {SUPPORT_EMAIL}
              </a>
              .
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
