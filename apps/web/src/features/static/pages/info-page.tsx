import { useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

/** Footer destinations whose screens the product does not define (PRODUCT.md §2). */
const pages: Record<string, { title: string; description: string }> = {
  [paths.exchange]: {
    title: 'Exchange',
    description: 'Spot markets for the most popular coins, priced in Indian rupees.',
  },
  [paths.mobileApp]: {
    title: 'Mobile App',
    description: 'Trade and track your portfolio on the go with the Sikka app for Android and iOS.',
  },
  [paths.desktopApp]: {
    title: 'Desktop App',
    description: 'A focused trading experience for Windows, macOS and Linux.',
  },
  [paths.support]: {
    title: 'Support Center',
    description: 'Our team is available 24/7 over chat to help with your account and trades.',
  },
  [paths.help]: {
    title: 'Help Center',
    description: 'Guides to getting started, deposits, KYC and trading on Sikka.',
  },
  [paths.faq]: { title: 'FAQ', description: 'Answers to the questions we hear most often.' },
  [paths.submitTicket]: {
    title: 'Submit a Ticket',
    description: 'Tell us what went wrong and we will get back to you by e-mail.',
  },
  [paths.contact]: {
    title: 'Contact Us',
    description: 'Write to support@sikka.example or call +91 00000 00000.',
  },
  [paths.cookiePolicy]: {
    title: 'Cookie Policy',
    description: 'Which cookies Sikka uses and how you can control them.',
  },
};

export default function InfoPage() {
  const { pathname } = useLocation();
  const page = pages[pathname.replace(/\/+$/, '')] ?? { title: 'Sikka', description: '' };
  return <PlaceholderPage title={page.title} description={page.description} />;
}
