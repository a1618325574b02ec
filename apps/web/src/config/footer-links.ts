import { paths } from './paths.ts';

/**
 * The footer's link list (PRODUCT.md §2): the footer shows it, and the router titles the
 * destinations that share the generic info page with these same labels.
 */
export interface FooterLink {
  to: string;
  label: string;
}

export const footerGroups: ReadonlyArray<{ title: string; links: readonly FooterLink[] }> = [
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About Us' },
      { to: paths.careers, label: 'Careers' },
      { to: paths.blog, label: 'Blog' },
      { to: paths.announcements, label: 'Announcements' },
    ],
  },
  {
    title: 'Products',
    links: [
      { to: paths.exchange, label: 'Exchange' },
      { to: paths.mobileApp, label: 'Mobile App' },
      { to: paths.desktopApp, label: 'Desktop App' },
      { to: paths.apiDocs, label: 'API Documentation' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: paths.support, label: 'Support Center' },
      { to: paths.help, label: 'Help Center' },
      { to: paths.fees, label: 'Fees' },
      { to: paths.faq, label: 'FAQ' },
      { to: paths.submitTicket, label: 'Submit a Ticket' },
      { to: paths.contact, label: 'Contact Us' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.amlKyc, label: 'AML & KYC Policy' },
      { to: paths.cookiePolicy, label: 'Cookie Policy' },
    ],
  },
];

/** A footer destination's label by its path. */
export function footerLabel(path: string): string | undefined {
  for (const group of footerGroups) {
    for (const link of group.links) if (link.to === path) return link.label;
  }
  return undefined;
}
