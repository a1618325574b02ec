import { useId, useState, type FormEvent } from 'react';
import { Info, Send } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import { SUPPORT_EMAIL } from './contact-details.ts';

const categories = [
  'Account & KYC',
  'INR deposits & withdrawals',
  'Quick Trade',
  'Crypto deposits & withdrawals',
  'Security',
  'Something else',
] as const;

/** The e-mail a ticket becomes: a mailto: URL with subject and body filled in. */
export function ticketMailto(ticket: {
  email: string;
  category: string;
  subject: string;
  reference: string;
  description: string;
}): string {
  const body = [
    `Category: ${ticket.category}`,
    `Registered e-mail: ${ticket.email}`,
    ticket.reference ? `Reference (UTR / trade ID): ${ticket.reference}` : null,
    '',
    ticket.description,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const query = `subject=${encodeURIComponent(`[${ticket.category}] ${ticket.subject}`)}&body=${encodeURIComponent(body)}`;
  return `mailto:${SUPPORT_EMAIL}?${query}`;
}

const fieldClasses =
  'w-full rounded-lg border border-line bg-canvas px-3.5 text-[15px] text-ink placeholder:text-subtle hover:border-line-strong focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none';

/**
 * /submit-ticket. There is no ticket system yet, so the form hands the ticket to the user's
 * e-mail app, addressed to support, rather than pretending to file it.
 */
export function SubmitTicketForm() {
  const id = useId();
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    window.location.href = ticketMailto({
      email: text('email'),
      category: text('category'),
      subject: text('subject'),
      reference: text('reference'),
      description: text('description'),
    });
    setSent(true);
  };

  return (
    <>
      <PageHero
        eyebrow="Support"
        title="Submit a ticket"
        description="Tell us what went wrong and we will get back to you by e-mail, usually within 24 hours."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-[1.6fr_1fr]">
        <form
          onSubmit={onSubmit}
          className="space-y-5 rounded-2xl border border-line bg-surface p-6 md:p-8"
          aria-label="Support ticket"
        >
          <TextField
            label="Registered e-mail"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
          />
          <div>
            <label htmlFor={`${id}-category`} className="mb-1.5 block text-sm font-medium text-ink">
              Category
            </label>
            <select
              id={`${id}-category`}
              name="category"
              required
              className={`${fieldClasses} h-11`}
            >
              {categories.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <TextField
            label="Subject"
            name="subject"
            required
            maxLength={120}
            placeholder="e.g. Deposit not credited"
          />
          <TextField
            label="UTR number or trade ID (optional)"
            name="reference"
            maxLength={64}
            placeholder="Helps us find the transaction"
          />
          <div>
            <label
              htmlFor={`${id}-description`}
              className="mb-1.5 block text-sm font-medium text-ink"
            >
              Describe the problem
            </label>
            <textarea
              id={`${id}-description`}
              name="description"
              required
              rows={6}
              maxLength={4000}
              placeholder="What happened, when, and what you expected instead"
              className={`${fieldClasses} py-3`}
            />
          </div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            <Send className="size-4" aria-hidden="true" />
            Send by e-mail
          </Button>
          {sent ? (
            <p role="status" className="text-sm text-up">
              Your e-mail app should now open with the ticket filled in. Send it to reach our
              support team.
            </p>
          ) : null}
        </form>
        <aside className="order-first h-fit rounded-2xl border border-accent/30 bg-accent/5 p-6 md:p-8 lg:order-none">
          <Info className="size-6 text-accent" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-semibold text-ink">
            Tickets are handled by e-mail for now
          </h2>
          <p className="mt-2 text-sm leading-6 text-muted">
            Sending this form opens your e-mail app with everything filled in, addressed to{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="text-accent underline underline-offset-2 hover:decoration-2"
            >
              {SUPPORT_EMAIL}
            </a>
            . We reply with a ticket number and keep the whole conversation in that thread.
          </p>
          <p className="mt-4 text-sm leading-6 text-muted">
            Never include your password, or full Aadhaar or bank account numbers. We will never ask
            for them.
          </p>
        </aside>
      </div>
    </>
  );
}
