import type { PolicyDocument } from './policy.ts';

/** Terms of Service (PRODUCT.md §2 "Static pages": policy text, minimum age 18). */
export const termsOfService: PolicyDocument = {
  title: 'Terms of Service',
  summary:
    'These terms form the agreement between you and Sikka when you open an account, add money, or buy and sell crypto on our website and apps. Please read them carefully.',
  sections: [
    {
      id: 'about',
      title: 'About these terms',
      body: [
        'Sikka ("Sikka", "we", "us") runs a platform for buying, selling and storing virtual digital assets (crypto) against Indian rupees. By creating an account or using any part of the platform you accept these terms, our Privacy Policy and our AML & KYC Policy.',
        'If you do not agree with any part of these terms, please do not use Sikka.',
      ],
    },
    {
      id: 'eligibility',
      title: 'Who can use Sikka',
      body: [
        'You must be at least 18 years old to open an account or use Sikka. By registering you confirm that you are 18 or older and legally able to enter into a binding contract under Indian law.',
        {
          list: [
            'You are a resident of India with a valid PAN and a bank account in your own name with a bank in India.',
            'You are not on any sanctions list and are not prohibited by law from using crypto services.',
            'You open only one account, for yourself, and do not act on behalf of anyone else unless we have approved a corporate account.',
          ],
        },
      ],
    },
    {
      id: 'account',
      title: 'Your account and security',
      body: [
        'Keep your password private and do not share your account. You are responsible for everything done with your login. If you think someone else has accessed your account, change your password and write to support@sikka.example straight away.',
        'We may ask you to confirm your identity again before sensitive actions, and we may sign you out of sessions that look unusual.',
      ],
    },
    {
      id: 'kyc',
      title: 'Identity verification (KYC)',
      body: [
        'Indian anti-money-laundering law requires us to verify every customer. You must complete KYC with accurate documents before you can use all features of your account. Our AML & KYC Policy lists the documents we ask for and how we review them.',
        'We may refuse, suspend or close an account if the information provided is incomplete, false or cannot be verified.',
      ],
    },
    {
      id: 'inr',
      title: 'INR deposits and withdrawals',
      body: [
        'You add rupees by bank transfer (IMPS, NEFT or RTGS) from a bank account in your own name and submit the transfer with its UTR number. Transfers from third-party accounts are returned to the source account.',
        {
          list: [
            'Minimum deposit ₹100 and maximum ₹10,00,000 per request; at most ₹50,00,000 per day.',
            'Deposits are normally credited within 30 minutes of a correct request, after our team has matched the transfer.',
            'Withdrawals are paid only to your verified bank account, normally within 30 minutes during banking hours.',
          ],
        },
      ],
    },
    {
      id: 'quick-trade',
      title: 'Quick Trade',
      body: [
        'Quick Trade lets you buy or sell USDT instantly against your INR balance. The rate shown is our live USDT/INR market rate plus a spread of ₹2 per USDT when you buy, or minus ₹1.50 per USDT when you sell. The spread is our only charge for a Quick Trade.',
        'The trade executes at our rate at the moment we receive your order. If the rate has moved against you by more than 0.5% since it was shown, we decline the order and nothing is charged. A completed trade cannot be reversed.',
      ],
    },
    {
      id: 'spot',
      title: 'Spot trading',
      body: [
        'The spot exchange is being prepared and does not accept orders yet. Charts and order books on the exchange page are for information only and are not an offer to buy or sell at those prices.',
      ],
    },
    {
      id: 'risk',
      title: 'Risks you accept',
      body: [
        'Crypto prices can rise or fall sharply in minutes, and you can lose some or all of the money you put in. Crypto is not legal tender in India and is not covered by deposit insurance or investor protection schemes.',
        'Nothing on Sikka is investment, tax or legal advice. Decide for yourself, and only invest money you can afford to lose.',
      ],
    },
    {
      id: 'tax',
      title: 'Taxes',
      body: [
        'You are responsible for declaring and paying tax on income from virtual digital assets under the Income-tax Act, 1961. Where the law requires tax to be deducted at source on a transfer, we deduct it and report it against your PAN.',
      ],
    },
    {
      id: 'prohibited',
      title: 'What you must not do',
      body: [
        {
          list: [
            'Use Sikka for money laundering, terrorist financing, fraud, gambling or any other unlawful purpose.',
            'Use funds that are not yours, or let anyone else use your account.',
            'Manipulate prices, place trades with yourself, or abuse errors in our systems.',
            'Attack, overload or scrape the platform, or try to access data that is not yours.',
          ],
        },
      ],
    },
    {
      id: 'suspension',
      title: 'Suspension and closure',
      body: [
        'We may restrict or close your account if we are required to by law or by an authority, if we suspect a breach of these terms, or to protect you or other customers. Where the law allows, we will tell you why.',
        'You may close your account at any time once your balances are zero. We keep records after closure for as long as the law requires.',
      ],
    },
    {
      id: 'fees',
      title: 'Fees',
      body: [
        'Our current fees and limits are published on the Fees page and form part of these terms. We will give notice on the platform before any change to them takes effect.',
      ],
    },
    {
      id: 'liability',
      title: 'Limits of our liability',
      body: [
        'We work to keep Sikka available and accurate but cannot promise uninterrupted service. To the extent the law allows, we are not liable for losses caused by market movements, by events outside our reasonable control, or by your failure to keep your login safe.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: [
        'We may update these terms from time to time. The date at the top shows the latest version. If a change materially affects you, we will tell you in advance by e-mail or on the platform.',
      ],
    },
    {
      id: 'law',
      title: 'Governing law and grievances',
      body: [
        'These terms are governed by the laws of India, and the courts at Bengaluru have exclusive jurisdiction.',
        'For complaints, write to our Grievance Officer at grievance@sikka.example. We acknowledge complaints within 48 hours and aim to resolve them within 15 days.',
      ],
    },
  ],
};
