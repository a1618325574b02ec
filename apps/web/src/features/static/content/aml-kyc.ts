import type { PolicyDocument } from './policy.ts';

/** AML & KYC Policy (PRODUCT.md §2 "Static pages"; the footer's FIU-IND and AML claims). */
export const amlKycPolicy: PolicyDocument = {
  title: 'AML & KYC Policy',
  summary:
    'How Sikka verifies its customers and keeps the platform free of money laundering and terrorist financing, as Indian law requires.',
  sections: [
    {
      id: 'purpose',
      title: 'Purpose and legal basis',
      body: [
        'Since March 2023, businesses that exchange, transfer or hold virtual digital assets are reporting entities under the Prevention of Money Laundering Act, 2002 (PMLA). Sikka is registered with the Financial Intelligence Unit – India (FIU-IND) and follows the PMLA, the Prevention of Money-laundering (Maintenance of Records) Rules, 2005 and the guidelines FIU-IND issues for virtual digital asset service providers.',
      ],
    },
    {
      id: 'who',
      title: 'Who must complete KYC',
      body: [
        'Every customer completes KYC before they can use the full platform. Individuals verify themselves; companies verify the company and each of their directors. Until your KYC is verified, some features, including the watchlist, stay locked.',
      ],
    },
    {
      id: 'documents',
      title: 'Documents we ask for',
      body: [
        {
          list: [
            'Aadhaar: your 12-digit Aadhaar number and clear photos of the front and back of the card.',
            'PAN: your PAN and a photo of the PAN card.',
            'Bank account: account number, IFSC code and bank name of an account in your own name, with a bank statement for the last 6 months as a PDF.',
            'A live selfie taken with your camera during the application, so we can match your face to your documents.',
          ],
        },
        'Companies additionally provide the certificate of incorporation (CIN), company PAN, TAN, memorandum and articles of association and a board resolution authorising the account.',
      ],
    },
    {
      id: 'review',
      title: 'How we review an application',
      body: [
        'Our compliance team checks that the documents are genuine, legible and consistent with each other and with your selfie. Your status moves from submitted to verified, or to rejected with the reason, so you know what to fix before submitting again.',
      ],
    },
    {
      id: 'monitoring',
      title: 'Ongoing monitoring',
      body: [
        'We monitor deposits, withdrawals and trades for patterns that may indicate money laundering, such as structuring of deposits, rapid movement of funds without economic purpose, or activity that does not match a customer\u2019s profile. We may ask you about the source of your funds and pause transactions while we review.',
        'INR deposits are accepted only from bank accounts in the customer\u2019s own name.',
      ],
    },
    {
      id: 'reporting',
      title: 'Reporting to FIU-IND',
      body: [
        'We file suspicious transaction reports and other reports with FIU-IND as the PMLA requires. The law does not allow us to tell a customer that a report has been made about them.',
      ],
    },
    {
      id: 'sanctions',
      title: 'Sanctions screening',
      body: [
        'We screen customers against the United Nations Security Council sanctions lists and the lists of individuals and organisations designated under the Unlawful Activities (Prevention) Act, 1967. We do not open or keep accounts for listed persons.',
      ],
    },
    {
      id: 'records',
      title: 'Record keeping',
      body: [
        'We keep KYC records and transaction records for at least five years after the business relationship ends or the account is closed, and longer where an investigation requires it.',
      ],
    },
    {
      id: 'officer',
      title: 'Principal Officer',
      body: [
        'Our Principal Officer is responsible for this policy and for reports to FIU-IND. You can reach the compliance team at compliance@sikka.example.',
      ],
    },
  ],
};
