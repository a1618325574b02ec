/** The FAQ page's questions: what customers actually ask support, answered from the product's rules. */
export interface FaqItem {
  /** The answer's address on the page: /faq#<id> opens it (support's popular topics link here). */
  id: string;
  question: string;
  answer: string;
}

export const faqItems: readonly FaqItem[] = [
  {
    id: 'who-can-open',
    question: 'Who can open a Sikka account?',
    answer:
      'Any resident of India aged 18 or over with a PAN, an Aadhaar and a bank account in their own name. Sign-up takes a minute; you then complete KYC from your dashboard.',
  },
  {
    id: 'kyc-documents',
    question: 'Which documents do I need for KYC?',
    answer:
      'Your Aadhaar number with photos of the front and back of the card, your PAN and a photo of the PAN card, your bank account number, IFSC and bank name with a bank statement for the last 6 months as a PDF, and a live selfie taken in the app.',
  },
  {
    id: 'kyc-time',
    question: 'How long does KYC verification take?',
    answer:
      'Most applications are reviewed within a few hours. If something is unclear we reject the application with the reason, so you can fix it and submit again.',
  },
  {
    id: 'add-money',
    question: 'How do I add money to my account?',
    answer:
      'Go to Wallet → Deposit INR, transfer the amount by IMPS, NEFT or RTGS to the account details shown, then submit the amount with the UTR number of your transfer. We credit it within 30 minutes once it is matched.',
  },
  {
    id: 'deposit-limits',
    question: 'What are the deposit limits?',
    answer:
      'Minimum ₹100 and maximum ₹10,00,000 per request, and up to ₹50,00,000 per day. INR deposits are free.',
  },
  {
    id: 'quick-trade-price',
    question: 'How is the Quick Trade price calculated?',
    answer:
      'We take the live USDT/INR market rate and add ₹2 per USDT when you buy, or subtract ₹1.50 per USDT when you sell. If the rate moves by more than 0.5% against you before your order arrives, it is declined and nothing is charged.',
  },
  {
    id: 'limit-orders',
    question: 'Can I place limit orders on the exchange?',
    answer:
      'Not yet. The spot exchange with charts and an order book is open to browse, and order placement is coming soon. Until then, Quick Trade buys and sells USDT instantly.',
  },
  {
    id: 'tax',
    question: 'Do I have to pay tax on crypto?',
    answer:
      'Yes. Income from virtual digital assets is taxed under the Income-tax Act, 1961, and tax may be deducted at source on transfers. Sikka does not give tax advice; please speak to a tax professional.',
  },
  {
    id: 'deposit-not-credited',
    question: 'My deposit has not been credited after 30 minutes',
    answer:
      'Open Wallet → Deposit INR and find the request under Recent Deposits. "Pending" means we have not matched your transfer yet: a NEFT transfer can take a few hours to arrive, and we credit the request as soon as the money and its UTR match. "Rejected" means it could not be matched, and nothing was credited. If it is still pending after a working day, submit a ticket with the UTR number and the amount.',
  },
  {
    id: 'kyc-rejected',
    question: 'My KYC was rejected: what should I fix?',
    answer:
      'The reason is shown on your dashboard, in the KYC banner. The usual ones are a blurred or cropped photo of a card, a name that differs between PAN, Aadhaar and bank account, or a bank statement older than 6 months. Fix what the reason names and submit your KYC again from the dashboard.',
  },
  {
    id: 'wrong-utr',
    question: 'I entered the wrong UTR number',
    answer:
      'We credit a deposit only when its UTR matches a transfer we received, so nothing is credited to the wrong place: a request with a wrong UTR is rejected. Submit a new deposit request with the amount and the correct UTR from your bank’s confirmation; each UTR can be used once.',
  },
  {
    id: 'quick-trade-declined',
    question: 'Why was my Quick Trade declined?',
    answer:
      'The message under the form says why. Most often the rate moved by more than 0.5% against you before the order arrived (try again at the new rate), your INR or USDT balance was too small, the amount was outside the trade limits, or your KYC is not verified yet. A declined trade charges nothing.',
  },
  {
    id: 'change-phone',
    question: 'How do I change my registered phone number?',
    answer:
      'Open Security in your account menu and edit your phone number (or your full name) under Profile, then save. Your e-mail address stays the one you signed up with.',
  },
];
