import type { KycType } from '@sikka/contracts';

/**
 * What each KYC type unlocks. The spec names one benefit each (PRODUCT.md §9: individual
 * trading up to ₹10,00,000 per day; corporate unlimited volume); the rest describe what the
 * type asks for.
 */
export const kycTypeInfo: Record<KycType, { title: string; summary: string; benefits: string[] }> =
  {
    individual: {
      title: 'Individual',
      summary: 'For personal accounts',
      benefits: [
        'Trading up to ₹10,00,000 per day',
        'INR deposits by bank transfer',
        'Aadhaar, PAN, bank details and a selfie',
      ],
    },
    corporate: {
      title: 'Corporate',
      summary: 'For companies and firms',
      benefits: [
        'Unlimited trading volume',
        'Accounts for your company and its directors',
        'Company, director and bank documents',
      ],
    },
  };
