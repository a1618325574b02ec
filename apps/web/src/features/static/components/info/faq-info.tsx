import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { faqItems } from '@/features/static/content/faq.ts';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import { FaqList } from './faq-list.tsx';

/** /faq: the questions customers ask most. */
export function FaqInfo() {
  return (
    <>
      <PageHero
        eyebrow="FAQ"
        title="Frequently asked questions"
        description="Accounts, KYC, deposits and trading: the answers our support team gives every day."
      />
      <div className="mx-auto w-full max-w-3xl px-4 py-12 md:px-6 md:py-16">
        <FaqList items={faqItems} />
        <p className="mt-8 text-center text-muted">
          Didn’t find your answer?{' '}
          <Link
            to={paths.submitTicket}
            className="text-accent underline underline-offset-2 hover:decoration-2"
          >
            Submit a ticket
          </Link>
          .
        </p>
      </div>
    </>
  );
}
