import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AppInfo } from '@/features/static/components/info/app-info.tsx';
import { ContactInfo } from '@/features/static/components/info/contact-info.tsx';
import { ExchangeInfo } from '@/features/static/components/info/exchange-info.tsx';
import { FaqInfo } from '@/features/static/components/info/faq-info.tsx';
import { HelpInfo } from '@/features/static/components/info/help-info.tsx';
import { SubmitTicketForm } from '@/features/static/components/info/submit-ticket-form.tsx';
import { SupportInfo } from '@/features/static/components/info/support-info.tsx';
import { PolicyPage } from '@/features/static/components/policy-page.tsx';
import { cookiePolicy } from '@/features/static/content/cookie-policy.ts';

/**
 * Footer destinations whose screens the product does not define (PRODUCT.md §2). The router
 * sends them all here; each path gets its own content.
 */
const pages: Record<string, () => ReactNode> = {
  [paths.exchange]: () => <ExchangeInfo />,
  [paths.mobileApp]: () => <AppInfo kind="mobile" />,
  [paths.desktopApp]: () => <AppInfo kind="desktop" />,
  [paths.support]: () => <SupportInfo />,
  [paths.help]: () => <HelpInfo />,
  [paths.faq]: () => <FaqInfo />,
  [paths.submitTicket]: () => <SubmitTicketForm />,
  [paths.contact]: () => <ContactInfo />,
  [paths.cookiePolicy]: () => <PolicyPage eyebrow="Legal" document={cookiePolicy} />,
};

export default function InfoPage() {
  const { pathname } = useLocation();
  const render = pages[pathname.replace(/\/+$/, '')] ?? pages[paths.support];
  return render?.() ?? null;
}
