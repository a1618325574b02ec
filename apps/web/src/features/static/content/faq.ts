/** The FAQ page's questions: what customers actually ask support, answered from the product's rules. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const faqItems: readonly FaqItem[] = [
  {
    question: 'Who can open a Sikka account?',
    answer:
      'Any resident of India aged 18 or over with a PAN, an Aadhaar and a bank account in their own name. Sign-up takes a minute; you then complete KYC from your dashboard.',
  },
  {
    question: 'Which documents do I need for KYC?',
    answer:
      'Your Aadhaar number with photos of the front and back of the card, your PAN and a photo of the PAN card, your bank account number, IFSC and bank name with a bank statement for the last 6 months as a PDF, and a live selfie taken in the app.',
  },
  {
    question: 'How long does KYC verification take?',
    answer:
      'Most applications are reviewed within a few hours. If something is unclear we reject the application with the reason, so you can fix it and submit again.',
  },
  {
    question: 'How do I add money to my account?',
    answer:
      'Go to Wallet → Deposit INR, transfer the amount by IMPS, NEFT or RTGS to the account details shown, then submit the amount with the UTR number of your transfer. We credit it within 30 minutes once it is matched.',
  },
  {
    question: 'What are the deposit limits?',
    answer:
      'Minimum ₹100 and maximum ₹10,00,000 per request, and up to ₹50,00,000 per day. INR deposits are free.',
  },
  {
    question: 'How is the Quick Trade price calculated?',
    answer:
      'We take the live USDT/INR market rate and add ₹2 per USDT when you buy, or subtract ₹1.50 per USDT when you sell. If the rate moves by more than 0.5% against you before your order arrives, it is declined and nothing is charged.',
  },
  {
    question: 'Can I place limit orders on the exchange?',
    answer:
      'Not yet. The spot exchange with charts and an order book is open to browse, and order placement is coming soon. Until then, Quick Trade buys and sells USDT instantly.',
  },
  {
    question: 'Do I have to pay tax on crypto?',
    answer:
      'Yes. Income from virtual digital assets is taxed under the Income-tax Act, 1961, and tax may be deducted at source on transfers. Sikka does not give tax advice; please speak to a tax professional.',
  },
];
