/** The announcements page's three hard-coded items (PRODUCT.md §2: category, type, important flag). */
export interface Announcement {
  id: string;
  title: string;
  body: string;
  /** ISO date of publication. */
  date: string;
  category: string;
  type: 'announcement' | 'notice';
  important: boolean;
}

export const announcements: readonly Announcement[] = [
  {
    id: 'maintenance-2024-04-28',
    title: 'Scheduled maintenance on 28 April, 02:00–04:00 IST',
    body: 'We are upgrading our database servers. During the window, sign-in, deposits and Quick Trade will be unavailable; balances and open requests are not affected. Deposits sent during the window will be credited once we are back.',
    date: '2024-04-26',
    category: 'Maintenance',
    type: 'notice',
    important: true,
  },
  {
    id: 'policies-updated',
    title: 'Updated Terms of Service, Privacy and AML & KYC policies',
    body: 'Our policies now describe the daily INR deposit limit of ₹50,00,000, how long we keep KYC records under the PMLA, and your rights under the Digital Personal Data Protection Act, 2023. The new versions apply from 27 April 2024.',
    date: '2024-04-27',
    category: 'Legal',
    type: 'notice',
    important: true,
  },
  {
    id: 'quick-trade-sell',
    title: 'Sell USDT to INR instantly with Quick Trade',
    body: 'Quick Trade now works in both directions. Sell USDT at the live rate minus ₹1.50 and see rupees in your balance straight away, ready to withdraw to your bank account.',
    date: '2024-04-15',
    category: 'Product',
    type: 'announcement',
    important: false,
  },
];
