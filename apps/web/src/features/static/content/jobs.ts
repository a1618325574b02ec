/** The careers page's three hard-coded openings (PRODUCT.md §2: title, department, location, type, description). */
export interface Job {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  description: string;
}

export const jobs: readonly Job[] = [
  {
    id: 'backend-payments',
    title: 'Senior Backend Engineer, Payments',
    department: 'Engineering',
    location: 'Bengaluru (hybrid)',
    type: 'Full-time',
    description:
      'Own the systems that move rupees: IMPS/NEFT deposit matching, withdrawals and the double-entry ledger behind every balance. You will work in TypeScript and PostgreSQL and care about correctness more than cleverness.',
  },
  {
    id: 'aml-analyst',
    title: 'Compliance Analyst, AML',
    department: 'Compliance',
    location: 'Mumbai',
    type: 'Full-time',
    description:
      'Review KYC applications, investigate alerts from transaction monitoring and prepare reports for FIU-IND. Two or more years in AML at a bank, NBFC or fintech, and a working knowledge of the PMLA, are expected.',
  },
  {
    id: 'support-associate',
    title: 'Customer Support Associate (Hindi & English)',
    department: 'Customer Support',
    location: 'Remote, India',
    type: 'Full-time, shifts',
    description:
      'Be the person who answers when customers write to support: help them through KYC, trace deposits by UTR and explain trades in plain language. Rotating shifts, with a night-shift allowance.',
  },
];
