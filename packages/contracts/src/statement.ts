import { z } from 'zod';

/*
 * Issue 14 "Money out", the read side: the quick trade's settings (TDS rate and bounds) for
 * the preview, the account statement, the quarterly TDS statements and the overview's
 * figures. Amounts are decimal strings, as everywhere (money.ts).
 */

export const statementMessages = {
  typeInvalid: 'Choose a valid entry type',
  assetInvalid: 'Choose INR, USDT or ETH',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  rangeInvalid: 'The start date must not be after the end date',
  pageInvalid: 'Page must be a whole number from 1',
  quarterInvalid: 'Enter a quarter as YYYY-Q1 to YYYY-Q4',
  fetchFailed: 'Failed to fetch your statement',
  empty: 'No entries found',
} as const;

/** What a statement entry links to; the detail pages' words (GET /api/<kind>s/:id). */
export type RecordKind = StatementEntry['link']['kind'];
const recordName: Record<RecordKind, string> = {
  trade: 'Trade',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  crypto_deposit: 'Crypto deposit',
  crypto_withdrawal: 'Crypto withdrawal',
};
export const recordMessages = {
  /** Unknown, malformed and someone else's ids alike: the server does not tell them apart. */
  notFound: (kind: RecordKind) => `${recordName[kind]} not found`,
  notFoundHint: (kind: RecordKind) =>
    `There is no ${kind} with this ID in your account. Check the link, or find the ${kind} in your Transaction History.`,
  fetchFailed: (kind: RecordKind) => `Failed to fetch this ${kind}`,
} as const;

// ---------------------------------------------------------------- quick trade settings

/** GET /api/trades/quote-settings: what the trade preview needs besides the price. */
export const quoteSettingsResponseSchema = z.object({
  /** TDS withheld from sells, as a decimal fraction ('0.01' = 1%; '0' = off) */
  tdsRate: z.string(),
  /** bounds of one trade's gross INR total, decimal rupees */
  minTotal: z.string(),
  maxTotal: z.string(),
});
export type QuoteSettingsResponse = z.infer<typeof quoteSettingsResponseSchema>;

// ---------------------------------------------------------------- account statement

/** Ledger operation types a user's statement shows (migration 015's list). */
export const statementEntryTypes = [
  'deposit',
  'trade_buy',
  'trade_sell',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  /** USDT or ETH received on chain at the user's deposit address, credited after N confirmations */
  'chain_deposit',
  /** a crypto withdrawal's amount + fee held at request, given back, or paid out on chain */
  'chain_withdrawal_hold',
  'chain_withdrawal_release',
  'chain_withdrawal_payout',
] as const;
export type StatementEntryType = (typeof statementEntryTypes)[number];
/**
 * Filter values: one type, or a group ('trade' = buys and sells, 'withdrawal' = the three INR
 * withdrawal types, 'chain_withdrawal' = the three crypto withdrawal types).
 */
export const statementTypeFilters = [
  ...statementEntryTypes,
  'trade',
  'withdrawal',
  'chain_withdrawal',
] as const;
export type StatementTypeFilter = (typeof statementTypeFilters)[number];

export const statementAssets = ['INR', 'USDT', 'ETH'] as const;
export type StatementAsset = (typeof statementAssets)[number];

/** Entries per statement page. */
export const STATEMENT_PAGE_SIZE = 25;

const blankToUndefined = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

/** A calendar date in India (IST), YYYY-MM-DD. */
const istDateSchema = z
  .string({ error: statementMessages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: statementMessages.dateInvalid })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+05:30`)) && isRealDate(v), {
    error: statementMessages.dateInvalid,
  });

function isRealDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const statementFilterShape = {
  type: z.preprocess(
    blankToUndefined,
    z.enum(statementTypeFilters, { error: statementMessages.typeInvalid }).optional(),
  ),
  asset: z.preprocess(
    blankToUndefined,
    z.enum(statementAssets, { error: statementMessages.assetInvalid }).optional(),
  ),
  /** inclusive IST dates */
  from: z.preprocess(blankToUndefined, istDateSchema.optional()),
  to: z.preprocess(blankToUndefined, istDateSchema.optional()),
};
const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

/** Filters of the CSV export (GET /api/statement.csv). */
export const statementFilterSchema = z
  .object(statementFilterShape)
  .refine(fromNotAfterTo, { error: statementMessages.rangeInvalid, path: ['to'] });
export type StatementFilter = z.output<typeof statementFilterSchema>;

/** GET /api/statement: the filters and a page. */
export const statementQuerySchema = z
  .object({
    ...statementFilterShape,
    page: z.coerce
      .number({ error: statementMessages.pageInvalid })
      .int({ error: statementMessages.pageInvalid })
      .min(1, { error: statementMessages.pageInvalid })
      .max(10_000, { error: statementMessages.pageInvalid })
      .default(1),
  })
  .refine(fromNotAfterTo, { error: statementMessages.rangeInvalid, path: ['to'] });
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementEntrySchema = z.object({
  /** the ledger entry's id (a decimal string: the ledger's ids are 64-bit) */
  id: z.string(),
  createdAt: z.string(),
  type: z.enum(statementEntryTypes),
  /** the user's available balance, or what is held for a withdrawal in flight */
  account: z.enum(['available', 'held']),
  asset: z.enum(statementAssets),
  /** signed: + credits the account; INR 2 places, USDT and ETH 8 */
  amount: z.string(),
  /** the account's balance in this asset right after this entry, whatever the filters */
  balanceAfter: z.string(),
  /** TDS withheld from this entry's sell (INR, 2 places); null for anything else */
  tds: z.string().nullable(),
  /** what the entry belongs to: open /trades or /deposits or withdrawals with this id */
  link: z.object({
    kind: z.enum(['deposit', 'trade', 'withdrawal', 'crypto_deposit', 'crypto_withdrawal']),
    id: z.string(),
  }),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementResponseSchema = z.object({
  /** newest first */
  entries: z.array(statementEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** true when a further page exists (the statement counts no rows: it would grow with them) */
  hasMore: z.boolean(),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

// ---------------------------------------------------------------- TDS statements

/** A calendar quarter: 2026-Q3 = July to September 2026 (Indian FY 2026-27, Q2), IST. */
export const tdsQuarterQuerySchema = z.object({
  quarter: z
    .string({ error: statementMessages.quarterInvalid })
    .trim()
    .toUpperCase()
    .regex(/^(19|20)\d{2}-Q[1-4]$/, { error: statementMessages.quarterInvalid }),
});
export type TdsQuarterQuery = z.input<typeof tdsQuarterQuerySchema>;

// ---------------------------------------------------------------- overview

/** GET /api/me/overview: the dashboard's figures (docs/money.md has the formulas). */
export const overviewResponseSchema = z.object({
  /**
   * What the user owns, in rupees, 2 places (rounded down): INR (available, reserved by open
   * spot orders, held by withdrawals) + USDT × usdtInrRate + every other coin at its live price
   */
  totalBalanceInr: z.string(),
  inrAvailable: z.string(),
  inrHeld: z.string(),
  usdt: z.string(),
  /** the server's USDT/INR rate the figures use */
  usdtInrRate: z.string(),
  /** the other coins (spot wallets) at their live INR prices, rupees, 2 places, rounded down */
  otherCoinsInr: z.string(),
  /** 00:00 today in India (IST), ISO 8601 */
  dayStart: z.string(),
  /** the USDT/INR rate at dayStart */
  dayOpenRate: z.string(),
  /** the holdings' value at dayStart, rupees, 2 places */
  dayOpenValueInr: z.string(),
  /** deposits credited − withdrawals paid out since dayStart, rupees */
  netFlowsInr: z.string(),
  /** (value now − value at dayStart) − netFlows, rupees, 2 places */
  todaysPnlInr: z.string(),
  /** todaysPnl as a percent of the value at dayStart, 2 places; '0.00' when that value is 0 */
  todaysPnlPercent: z.string(),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
