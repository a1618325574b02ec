import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AppInfo } from '../components/info/app-info.tsx';
import { ContactInfo } from '../components/info/contact-info.tsx';
import { ExchangeInfo } from '../components/info/exchange-info.tsx';
import { FaqInfo } from '../components/info/faq-info.tsx';
import { HelpInfo } from '../components/info/help-info.tsx';
import { SubmitTicketForm } from '../components/info/submit-ticket-form.tsx';
import { SupportInfo } from '../components/info/support-info.tsx';
import { PolicyPage } from '../components/policy-page.tsx';
import { cookiePolicy } from '../content/cookie-policy.ts';

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
