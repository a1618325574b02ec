import { Link } from 'react-router';
import { Headset, Mail, MapPin, Phone, ShieldCheck, Smartphone, BadgeCheck } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { footerGroups } from '@/config/footer-links.ts';
import { Logo } from './logo.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

const claims = [
  { icon: BadgeCheck, text: 'Registered with the Financial Intelligence Unit (FIU-IND)' },
  { icon: ShieldCheck, text: 'AML compliant' },
  { icon: Smartphone, text: 'Mobile & desktop apps coming soon' },
  { icon: Headset, text: 'Support by ticket and e-mail' },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto max-w-7xl px-4 pt-12 pb-8 md:px-6">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_2fr]">
          <div>
            <Link to={paths.home} aria-label="Sikka home" className="inline-block">
              <Logo />
            </Link>
            <p className="mt-4 max-w-sm text-sm leading-6 text-muted">
              Buy, sell and store crypto in India. Trade in rupees with bank transfers you already
              use.
            </p>
            <ul className="mt-6 space-y-2.5">
              {claims.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2.5 text-sm text-ink">
                  <Icon className="size-4 shrink-0 text-accent" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
            <NewsletterForm />
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {footerGroups.map((group) => (
              <div key={group.title}>
                <h2 className="text-sm font-semibold text-ink">{group.title}</h2>
                <ul className="mt-4 space-y-3">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="text-sm text-muted hover:text-accent">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <address className="mt-10 grid gap-3 border-t border-line pt-8 text-sm text-muted not-italic sm:grid-cols-3">
          <a
            href="mailto:support@sikka.example"
            className="flex items-center gap-2 hover:text-accent"
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            support@sikka.example
          </a>
          <a href="tel:+910000000000" className="flex items-center gap-2 hover:text-accent">
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            +91 00000 00000
          </a>
          <span className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            Placeholder address: 1st Floor, Example House, MG Road, Bengaluru 560001, India
          </span>
        </address>

        <div className="mt-8 flex flex-col gap-2 text-xs text-subtle sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Sikka. All rights reserved.</p>
          <p>Crypto products are unregulated and can be highly risky. Invest responsibly.</p>
        </div>
      </div>
    </footer>
  );
}
