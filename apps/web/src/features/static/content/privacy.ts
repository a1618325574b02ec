import type { PolicyDocument } from './policy.ts';

/** Privacy Policy (PRODUCT.md §2 "Static pages"). */
export const privacyPolicy: PolicyDocument = {
  title: 'Privacy Policy',
  summary:
    'What personal information Sikka collects, why we need it, who we share it with, how long we keep it and the choices you have.',
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: [
        'Sikka operates a crypto exchange and wallet for customers in India. We are responsible for the personal data you give us when you use our website and apps. We process it in line with the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000.',
      ],
    },
    {
      id: 'what-we-collect',
      title: 'Information we collect',
      body: [
        {
          list: [
            'Account details: your full name, e-mail address, phone number and password (stored only as a one-way hash).',
            'KYC details: Aadhaar number and card images, PAN and PAN card image, bank account number, IFSC code and bank name, a bank statement and a live selfie.',
            'Transactions: INR deposits with their UTR numbers, withdrawals, trades, balances and the times they happened.',
            'Technical data: IP address, browser and device type, and the session cookie that keeps you signed in.',
            'Newsletter: the e-mail address you give in the newsletter box, with the time you subscribed.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use',
      title: 'How we use it',
      body: [
        {
          list: [
            'To open and run your account, credit deposits and execute your trades.',
            'To verify your identity and meet our duties under the Prevention of Money Laundering Act, 2002.',
            'To detect and prevent fraud, abuse and security incidents.',
            'To send service messages, such as deposit confirmations and changes to our terms.',
          ],
        },
        'We do not sell your personal data, and we do not use your KYC documents for marketing.',
      ],
    },
    {
      id: 'protection',
      title: 'How we protect it',
      body: [
        'KYC documents are kept in private storage and are shown only to you and to our authorised compliance staff. Your full Aadhaar number is stored encrypted; everywhere else we show only its last four digits. Connections to Sikka are encrypted, and staff access to customer data is logged.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: [
        {
          list: [
            'The Financial Intelligence Unit – India (FIU-IND) and other authorities, when the law requires us to report or respond to a lawful request.',
            'Banks and payment partners, to receive and send your INR transfers.',
            'Service providers who host our systems or help us verify documents, under contracts that bind them to confidentiality and to our instructions.',
          ],
        },
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: [
        'Anti-money-laundering rules require us to keep identity records and transaction records for at least five years after our relationship with you ends, or longer if an investigation or legal proceeding is open. After that we delete or anonymise them.',
        'Technical logs are kept for up to 180 days unless needed to investigate an incident.',
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: [
        'You can ask for a summary of the personal data we hold about you, ask us to correct it, withdraw consent where we rely on it, or ask us to erase it. Some data we must keep under the retention rules above even if you close your account; we will tell you when that applies.',
        'You can update your name and phone number on the Security page of your account. For anything else, write to privacy@sikka.example.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: [
        'We use an essential cookie to keep you signed in and store your watchlist and cookie choice in your browser. We set no analytics or advertising cookies. Our Cookie Policy explains each item.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      body: [
        'Sikka is only for people aged 18 or over. We do not knowingly collect data from anyone younger, and we close accounts opened by minors.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes and contact',
      body: [
        'We will post any change to this policy here and update the date above. Questions or complaints about your data go to our Grievance Officer at grievance@sikka.example; we respond within 15 days.',
      ],
    },
  ],
};
