import { z } from 'zod';
import {
  DEPOSIT_MAX_INR,
  DEPOSIT_MIN_INR,
  INR_DECIMALS,
  QUICK_TRADE_MAX_USDT,
  RECENT_DEPOSITS,
  USDT_DECIMALS,
} from './constants.ts';
import { messages } from './messages.ts';
import { balancesSchema } from './user.ts';
import {
  compareDecimal,
  decimalToUnits,
  DECIMAL_RE,
  fractionDigits,
  unitsToDecimal,
} from './decimal.ts';

/*
 * Money on the wire is always a decimal string ("1234.50"): never a JSON number, so no
 * amount passes through a binary float on its way to PostgreSQL `numeric`.
 */

// ---------------------------------------------------------------- field schemas

/**
 * A money amount sent as a decimal string, checked in order so each input gets one clear
 * message: missing or blank → required; a JSON number → "send a string"; garbage, '1e3' →
 * numeric; too many places; then the bounds (compared exactly, as decimals).
 */
export function amountSchema(opts: {
  required: string;
  scale: number;
  decimalsMessage: string;
  min?: { value: string; inclusive: boolean; message: string };
  max?: { value: string; message: string };
}) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? opts.required
          : typeof issue.input === 'number'
            ? messages.money.amountAsString
            : messages.deposits.amountNumeric,
    })
    .trim()
    .min(1, { error: opts.required, abort: true })
    .max(40, { error: messages.deposits.amountNumeric, abort: true })
    .regex(DECIMAL_RE, { error: messages.deposits.amountNumeric, abort: true })
    .refine((v) => !v.startsWith('-') && compareDecimal(v, '0') > 0, {
      error: opts.min && opts.min.value !== '0' ? opts.min.message : messages.money.amountPositive,
      abort: true,
    })
    .refine((v) => fractionDigits(v) <= opts.scale, { error: opts.decimalsMessage, abort: true })
    .refine((v) => !opts.min || compareDecimal(v, opts.min.value) >= (opts.min.inclusive ? 0 : 1), {
      error: opts.min?.message ?? '',
      abort: true,
    })
    .refine((v) => !opts.max || compareDecimal(v, opts.max.value) <= 0, {
      error: opts.max?.message ?? '',
      abort: true,
    })
    .transform((v) => unitsToDecimal(decimalToUnits(v, opts.scale), opts.scale));
}

/** INR deposit amount: ₹100 to ₹10,00,000, paise at most. Normalised to 2 places. */
export const depositAmountSchema = amountSchema({
  required: messages.deposits.amountRequired,
  scale: INR_DECIMALS,
  decimalsMessage: messages.deposits.amountDecimals,
  min: { value: DEPOSIT_MIN_INR, inclusive: true, message: messages.deposits.amountMin },
  max: { value: DEPOSIT_MAX_INR, message: messages.deposits.amountMax },
});

/**
 * A UTR number is present. The deposit form checks this much on every keystroke; the format
 * (below) is judged by the server alone and its message lands under the same field.
 */
export const utrNumberEnteredSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? messages.deposits.utrRequired
        : messages.deposits.utrInvalid,
  })
  .trim()
  .min(1, { error: messages.deposits.utrRequired, abort: true });

/** Unique Transaction Reference of the bank transfer: IMPS 12 digits, NEFT 16, RTGS 22. */
export const utrNumberSchema = utrNumberEnteredSchema
  .regex(/^[A-Za-z0-9]{6,22}$/, { error: messages.deposits.utrInvalid })
  .transform((v) => v.toUpperCase());

/** USDT quantity of a quick trade: above 0, at most 8 places, at most QUICK_TRADE_MAX_USDT. */
export const usdtAmountSchema = amountSchema({
  required: messages.quickBuy.enterAmount,
  scale: USDT_DECIMALS,
  decimalsMessage: messages.trades.usdtDecimals,
  max: { value: QUICK_TRADE_MAX_USDT, message: messages.trades.usdtMax },
});

/** The INR-per-USDT rate the user saw; only a guard, never the execution price. */
export const quotedRateSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? messages.trades.quotedRateRequired
        : messages.trades.quotedRateInvalid,
  })
  .trim()
  // Up to 20 places: a browser may add the spread in floating point (89.73500000000001);
  // the guard rounds it to 8.
  .regex(/^\d{1,12}(\.\d{1,20})?$/, { error: messages.trades.quotedRateInvalid, abort: true })
  .refine((v) => compareDecimal(v, '0') > 0, { error: messages.trades.quotedRateInvalid });

/** Optional `Idempotency-Key` request header: the same key returns the first result. */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, { error: messages.idempotency.keyInvalid })
    .max(100, { error: messages.idempotency.keyInvalid })
    .regex(/^[\x21-\x7e]+$/, { error: messages.idempotency.keyInvalid })
    .optional(),
});

// ---------------------------------------------------------------- deposits

export const depositStatuses = ['pending', 'approved', 'rejected'] as const;
export const depositStatusSchema = z.enum(depositStatuses);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const depositSchema = z.object({
  id: z.string(),
  /** INR, 2 places */
  amount: z.string(),
  utrNumber: z.string(),
  status: depositStatusSchema,
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** Unknown fields (userId, status, ...) are refused: the server decides whose deposit it is. */
export const createDepositRequestSchema = z.strictObject(
  { amount: depositAmountSchema, utrNumber: utrNumberSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? messages.money.unknownField(issue.keys) : undefined,
  },
);
export type CreateDepositRequest = z.input<typeof createDepositRequestSchema>;

/**
 * What the INR deposit form checks before sending: the request's own amount rules, word for
 * word, and that a UTR number is there (its format is the server's; see utrNumberEnteredSchema).
 */
export const depositFormSchema = z.object({
  amount: depositAmountSchema,
  utrNumber: utrNumberEnteredSchema,
});

/** POST /api/deposits, and GET /api/deposits/:id (one of the caller's own deposits). */
export const depositResponseSchema = z.object({ deposit: depositSchema });
export type DepositResponse = z.infer<typeof depositResponseSchema>;

export const depositsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.money.limitInvalid })
    .int({ error: messages.money.limitInvalid })
    .min(1, { error: messages.money.limitInvalid })
    .max(RECENT_DEPOSITS, { error: messages.money.limitInvalid })
    .default(RECENT_DEPOSITS),
});
export const depositsResponseSchema = z.object({ deposits: z.array(depositSchema) });
export type DepositsResponse = z.infer<typeof depositsResponseSchema>;

// ---------------------------------------------------------------- trades

export const tradeTypes = ['buy', 'sell'] as const;
export const tradeTypeSchema = z.enum(tradeTypes);
export type TradeType = z.infer<typeof tradeTypeSchema>;
export const tradeStatuses = ['completed', 'failed'] as const;
export const tradeStatusSchema = z.enum(tradeStatuses);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

export const tradeSchema = z.object({
  id: z.string(),
  type: tradeTypeSchema,
  /** USDT, 8 places */
  amount: z.string(),
  /** INR per USDT, 2 places */
  price: z.string(),
  /** INR, 2 places: amount × price, rounded up for a buy and down for a sell (the gross) */
  total: z.string(),
  /** INR, 2 places: TDS withheld from a sell under section 194S ('0.00' for a buy) */
  tds: z.string(),
  /** INR, 2 places: what moved on the user's INR balance (a buy's total; a sell's total − tds) */
  net: z.string(),
  status: tradeStatusSchema,
  createdAt: z.string(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const quickTradeRequestSchema = z.strictObject(
  {
    side: z.enum(['buy', 'sell'], { error: messages.trades.sideInvalid }),
    usdtAmount: usdtAmountSchema,
    quotedRate: quotedRateSchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? messages.money.unknownField(issue.keys) : undefined,
  },
);
export type QuickTradeRequest = z.input<typeof quickTradeRequestSchema>;

export const quickTradeResponseSchema = z.object({ trade: tradeSchema, balances: balancesSchema });
export type QuickTradeResponse = z.infer<typeof quickTradeResponseSchema>;

/** GET /api/trades/:id: one of the caller's own trades. */
export const tradeDetailResponseSchema = z.object({ trade: tradeSchema });
export type TradeDetailResponse = z.infer<typeof tradeDetailResponseSchema>;

/** '' and 'all' mean "no filter", as the screens' select boxes send them. */
export const optionalFilter = <T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  z
    .union([z.literal(''), z.literal('all'), z.enum(values)], { error: message })
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v) as T[number] | undefined);

export const searchSchema = z
  .string()
  .trim()
  .max(100, { error: messages.money.searchTooLong })
  .optional()
  .transform((v) => (v ? v : undefined));

export const pageSchema = z.coerce
  .number({ error: messages.money.pageInvalid })
  .int({ error: messages.money.pageInvalid })
  .min(1, { error: messages.money.pageInvalid })
  .max(100_000, { error: messages.money.pageInvalid })
  .default(1);

export const tradesQuerySchema = z.object({
  page: pageSchema,
  status: optionalFilter(tradeStatuses, messages.trades.statusInvalid),
  type: optionalFilter(tradeTypes, messages.trades.typeInvalid),
  /** case-insensitive part of the trade id */
  search: searchSchema,
});
export type TradesQuery = z.input<typeof tradesQuerySchema>;

export const tradesResponseSchema = z.object({
  trades: z.array(tradeSchema),
  /** exact number of matching trades */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TradesResponse = z.infer<typeof tradesResponseSchema>;

// ---------------------------------------------------------------- admin

export const adminUserRefSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
});
export const adminDepositSchema = depositSchema.extend({ user: adminUserRefSchema });
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminTradeSchema = tradeSchema.extend({ user: adminUserRefSchema });
export type AdminTrade = z.infer<typeof adminTradeSchema>;

export const adminDepositsQuerySchema = z.object({
  page: pageSchema,
  status: optionalFilter(depositStatuses, messages.money.depositStatusInvalid),
  /** user name, e-mail, UTR or deposit id, case-insensitive, partial */
  search: searchSchema,
});
export type AdminDepositsQuery = z.input<typeof adminDepositsQuerySchema>;

/**
 * The admin trade filter also offers the KYC-like statuses of the product spec; they are
 * accepted and simply match nothing.
 */
export const adminTradeStatusFilters = [
  'completed',
  'failed',
  'pending',
  'submitted',
  'verified',
  'rejected',
] as const;
export const adminTradesQuerySchema = z.object({
  page: pageSchema,
  status: optionalFilter(adminTradeStatusFilters, messages.trades.statusInvalid),
  type: optionalFilter(tradeTypes, messages.trades.typeInvalid),
  /** user name, e-mail or trade id, case-insensitive, partial */
  search: searchSchema,
});
export type AdminTradesQuery = z.input<typeof adminTradesQuerySchema>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export const adminDepositsResponseSchema = paged(adminDepositSchema);
export type AdminDepositsResponse = z.infer<typeof adminDepositsResponseSchema>;
export const adminTradesResponseSchema = paged(adminTradeSchema);
export type AdminTradesResponse = z.infer<typeof adminTradesResponseSchema>;

export const rejectDepositRequestSchema = z.object({
  reason: z
    .string({ error: messages.admin.rejectReasonRequired })
    .trim()
    .min(1, { error: messages.admin.rejectReasonRequired })
    .max(500, { error: messages.money.reasonTooLong })
    // PostgreSQL text cannot hold NUL: refused here, before any lookup, with a clear message.
    .refine((v) => !v.includes('\u0000'), { error: messages.money.reasonInvalid }),
});
export type RejectDepositRequest = z.infer<typeof rejectDepositRequestSchema>;
export const adminDepositResponseSchema = z.object({ deposit: adminDepositSchema });
export type AdminDepositResponse = z.infer<typeof adminDepositResponseSchema>;
