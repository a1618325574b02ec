/** The blog's three hard-coded posts (PRODUCT.md §2, §3: title, excerpt, date, author, category, image). */

/** Which artwork the card shows; drawn inline, so the page loads no image files. */
export type BlogArtwork = 'tax' | 'stablecoin' | 'kyc';

export interface BlogPost {
  id: string;
  title: string;
  excerpt: string;
  /** ISO date of publication. */
  date: string;
  author: string;
  authorRole: string;
  category: string;
  readMinutes: number;
  image: BlogArtwork;
}

export const blogPosts: readonly BlogPost[] = [
  {
    id: 'tds-on-crypto',
    title: 'What the 1% TDS on crypto means for your trades',
    excerpt:
      'Since July 2022 every transfer of a virtual digital asset above the threshold attracts tax deducted at source. We walk through when it applies, how it shows on your Form 26AS, and how to claim it back when you file your return.',
    date: '2024-04-18',
    author: 'Ananya Krishnan',
    authorRole: 'Head of Compliance',
    category: 'Tax & Regulation',
    readMinutes: 6,
    image: 'tax',
  },
  {
    id: 'usdt-explained',
    title: 'USDT explained: why Quick Trade is priced in Tether',
    excerpt:
      'USDT tracks the US dollar, trades around the clock and moves between exchanges in minutes. Here is how Sikka sets its USDT/INR rate, what the ₹2 buy and ₹1.50 sell spread pays for, and when a stablecoin is not the right tool.',
    date: '2024-04-09',
    author: 'Rohan Mehta',
    authorRole: 'Product Manager',
    category: 'Guides',
    readMinutes: 5,
    image: 'stablecoin',
  },
  {
    id: 'kyc-in-five-minutes',
    title: 'Complete your KYC in under five minutes',
    excerpt:
      'Keep your Aadhaar, PAN and a six-month bank statement handy, find good light for your selfie, and you are done. A step-by-step guide, with the five mistakes that most often send an application back.',
    date: '2024-04-02',
    author: 'Priya Nair',
    authorRole: 'Customer Support Lead',
    category: 'Product',
    readMinutes: 4,
    image: 'kyc',
  },
];
