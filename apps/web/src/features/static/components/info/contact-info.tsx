import { Building2, Clock, Mail, MapPin, Phone, Scale, ShieldCheck } from 'lucide-react';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import {
  COMPLIANCE_EMAIL,
  GRIEVANCE_EMAIL,
  OFFICE_ADDRESS,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  SUPPORT_PHONE_HREF,
} from './contact-details.ts';

const channels = [
  {
    icon: Mail,
    title: 'E-mail support',
    value: SUPPORT_EMAIL,
    href: `mailto:${SUPPORT_EMAIL}`,
    note: 'Replies within 24 hours',
  },
  {
    icon: Phone,
    title: 'Phone',
    value: SUPPORT_PHONE,
    href: SUPPORT_PHONE_HREF,
    note: 'Mon–Sat, 9:00–21:00 IST',
  },
  {
    icon: Scale,
    title: 'Grievance Officer',
    value: GRIEVANCE_EMAIL,
    href: `mailto:${GRIEVANCE_EMAIL}`,
    note: 'Complaints resolved within 15 days',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance & law enforcement',
    value: COMPLIANCE_EMAIL,
    href: `mailto:${COMPLIANCE_EMAIL}`,
    note: 'Requests from authorities',
  },
] as const;

/** /contact: the (placeholder) ways to reach Sikka. */
export function ContactInfo() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        description="For account questions, a support ticket is the fastest route. For everything else, reach the right team directly."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-[1.5fr_1fr]">
        <ul className="grid gap-4 sm:grid-cols-2">
          {channels.map(({ icon: Icon, title, value, href, note }) => (
            <li key={title} className="rounded-2xl border border-line bg-surface p-6">
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <h2 className="mt-4 font-semibold text-ink">{title}</h2>
              <a href={href} className="mt-1 block break-all text-accent hover:underline">
                {value}
              </a>
              <p className="mt-2 text-sm text-subtle">{note}</p>
            </li>
          ))}
        </ul>
        <section className="rounded-2xl border border-line bg-surface p-6 md:p-8">
          <Building2 className="size-6 text-accent" aria-hidden="true" />
          <h2 className="mt-4 text-xl font-semibold text-ink">Registered office</h2>
          <p className="mt-3 flex items-start gap-2 leading-7 text-muted">
            <MapPin className="mt-1.5 size-4 shrink-0" aria-hidden="true" />
            <span>{OFFICE_ADDRESS}</span>
          </p>
          <p className="mt-3 flex items-start gap-2 leading-7 text-muted">
            <Clock className="mt-1.5 size-4 shrink-0" aria-hidden="true" />
            <span>Visits by appointment only, Monday to Friday.</span>
          </p>
          <p className="mt-6 rounded-xl bg-canvas px-4 py-3 text-sm text-subtle">
            These contact details are placeholders while Sikka is in preview.
          </p>
        </section>
      </div>
    </>
  );
}
