import { z } from 'zod';
import { INR_DECIMALS } from './constants.ts';
import { accountNumberSchema, bankNameSchema, ifscCodeSchema } from './kyc.ts';
import { messages } from './messages.ts';
import {
  adminUserRefSchema,
  amountSchema,
  optionalFilter,
  paged,
  pageSchema,
  rejectDepositRequestSchema,
  searchSchema,
} from './money.ts';
import { balancesSchema } from './user.ts';

/*
 * Money out (issue 14): the user's bank accounts and INR withdrawal requests. Amounts are
 * decimal strings, as everywhere (money.ts).
 */

/** Default bounds (the server's WITHDRAW_MIN_INR, WITHDRAW_MAX_INR, WITHDRAW_DAILY_LIMIT_INR). */
export const WITHDRAW_MIN_INR = '100';
export const WITHDRAW_MAX_INR = '1000000';
/** Per India calendar day, pending + paid requests together. */
export const WITHDRAW_DAILY_LIMIT_INR = '1000000';
/** How many of their own withdrawals GET /api/withdrawals gives at most. */
export const RECENT_WITHDRAWALS = 10;

const strictBody = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? messages.money.unknownField(issue.keys) : undefined,
  });

// ---------------------------------------------------------------- bank accounts

export const bankAccountStatuses = ['pending', 'verified', 'rejected'] as const;
export const bankAccountStatusSchema = z.enum(bankAccountStatuses);
export type BankAccountStatus = z.infer<typeof bankAccountStatusSchema>;

/** 'kyc': the account verified with the user's KYC; 'added': one the user added later. */
export const bankAccountSourceSchema = z.enum(['kyc', 'added']);

/** A bank account as its owner sees it: the number masked to its last 4 digits. */
export const bankAccountSchema = z.object({
  id: z.string(),
  source: bankAccountSourceSchema,
  /** 'XXXXXXXX1234' */
  accountNumber: z.string(),
  ifscCode: z.string(),
  bankName: z.string(),
  accountHolderName: z.string(),
  /** only a verified account can receive a withdrawal */
  status: bankAccountStatusSchema,
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

const holderNameSchema = z
  .string({ error: messages.bankAccounts.holderNameRequired })
  .trim()
  .min(1, { error: messages.bankAccounts.holderNameRequired, abort: true })
  .min(2, { error: messages.bankAccounts.holderNameLength })
  .max(100, { error: messages.bankAccounts.holderNameLength })
  .refine((v) => !v.includes('\u0000'), { error: messages.bankAccounts.holderNameLength });

/** POST /api/me/bank-accounts: the same field rules as the KYC form's bank details. */
export const createBankAccountRequestSchema = strictBody({
  accountNumber: accountNumberSchema,
  ifscCode: ifscCodeSchema,
  bankName: bankNameSchema,
  accountHolderName: holderNameSchema,
});
export type CreateBankAccountRequest = z.input<typeof createBankAccountRequestSchema>;

export const bankAccountResponseSchema = z.object({ bankAccount: bankAccountSchema });
export type BankAccountResponse = z.infer<typeof bankAccountResponseSchema>;
/** The KYC account first, then the added ones, newest first. */
export const bankAccountsResponseSchema = z.object({ bankAccounts: z.array(bankAccountSchema) });
export type BankAccountsResponse = z.infer<typeof bankAccountsResponseSchema>;

// ---------------------------------------------------------------- withdrawals

export const withdrawalStatuses = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export const withdrawalStatusSchema = z.enum(withdrawalStatuses);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

/** The account a withdrawal goes to, masked. */
export const withdrawalAccountSchema = bankAccountSchema.pick({
  id: true,
  accountNumber: true,
  ifscCode: true,
  bankName: true,
});

export const withdrawalSchema = z.object({
  id: z.string(),
  /** INR, 2 places */
  amount: z.string(),
  status: withdrawalStatusSchema,
  bankAccount: withdrawalAccountSchema,
  /** the bank's payout reference once paid */
  utrNumber: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * The amount's format only (required, a decimal string, above 0, paise at most); the bounds
 * are the server's settings, checked by the server and published by GET /api/withdrawals/limits.
 */
export const withdrawalAmountSchema = amountSchema({
  required: messages.deposits.amountRequired,
  scale: INR_DECIMALS,
  decimalsMessage: messages.deposits.amountDecimals,
});

/** POST /api/withdrawals (+ Idempotency-Key header). */
export const createWithdrawalRequestSchema = strictBody({
  amount: withdrawalAmountSchema,
  bankAccountId: z
    .string({ error: messages.withdrawals.bankAccountRequired })
    .trim()
    .min(1, { error: messages.withdrawals.bankAccountRequired })
    .max(100, { error: messages.withdrawals.bankAccountRequired }),
});
export type CreateWithdrawalRequest = z.input<typeof createWithdrawalRequestSchema>;

/** A request or a cancellation: the withdrawal and the balances it left (held INR included). */
export const withdrawalResponseSchema = z.object({
  withdrawal: withdrawalSchema,
  balances: balancesSchema,
});
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;

/** GET /api/withdrawals/:id: one of the caller's own withdrawals, the account masked. */
export const withdrawalDetailResponseSchema = z.object({ withdrawal: withdrawalSchema });
export type WithdrawalDetailResponse = z.infer<typeof withdrawalDetailResponseSchema>;

export const withdrawalsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.money.limitInvalid })
    .int({ error: messages.money.limitInvalid })
    .min(1, { error: messages.money.limitInvalid })
    .max(RECENT_WITHDRAWALS, { error: messages.money.limitInvalid })
    .default(RECENT_WITHDRAWALS),
});
export const withdrawalsResponseSchema = z.object({ withdrawals: z.array(withdrawalSchema) });
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponseSchema>;

/** GET /api/withdrawals/limits: the server's bounds (INR) and the caller's use of today's. */
export const withdrawalLimitsResponseSchema = z.object({
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyLimit: z.string(),
  /** pending + paid requests of this India calendar day */
  usedToday: z.string(),
  remainingToday: z.string(),
});
export type WithdrawalLimitsResponse = z.infer<typeof withdrawalLimitsResponseSchema>;

// ---------------------------------------------------------------- admin

/**
 * An account as the admin sees it, with its owner. `accountNumber` is masked in lists and in
 * decision answers; GET /api/admin/bank-accounts/:id gives an added account's full number
 * (the admin checks it, and the payout transfer needs it), and the server audits that read.
 */
export const adminBankAccountSchema = bankAccountSchema.extend({ user: adminUserRefSchema });
export type AdminBankAccount = z.infer<typeof adminBankAccountSchema>;

/**
 * A withdrawal as the admin sees it: the account's holder and source, the user. The account
 * number is masked in lists and decision answers, in full (an added account's, audited) only
 * in GET /api/admin/withdrawals/:id.
 */
export const adminWithdrawalSchema = withdrawalSchema.extend({
  bankAccount: withdrawalAccountSchema.extend({
    accountHolderName: z.string(),
    source: bankAccountSourceSchema,
  }),
  user: adminUserRefSchema,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalsQuerySchema = z.object({
  page: pageSchema,
  status: optionalFilter(withdrawalStatuses, messages.withdrawals.statusInvalid),
  /** user name, e-mail, payout UTR or withdrawal id, case-insensitive, partial */
  search: searchSchema,
});
export type AdminWithdrawalsQuery = z.input<typeof adminWithdrawalsQuerySchema>;
export const adminWithdrawalsResponseSchema = paged(adminWithdrawalSchema);
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponseSchema>;

/** POST /api/admin/withdrawals/:id/approve: the bank's reference of the payout transfer. */
export const approveWithdrawalRequestSchema = strictBody({
  utrNumber: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? messages.withdrawals.payoutUtrRequired
          : messages.withdrawals.payoutUtrInvalid,
    })
    .trim()
    .min(1, { error: messages.withdrawals.payoutUtrRequired, abort: true })
    .regex(/^[A-Za-z0-9]{6,22}$/, { error: messages.withdrawals.payoutUtrInvalid })
    .transform((v) => v.toUpperCase()),
});
export type ApproveWithdrawalRequest = z.input<typeof approveWithdrawalRequestSchema>;
/** POST /api/admin/withdrawals/:id/reject and /api/admin/bank-accounts/:id/reject. */
export const rejectWithdrawalRequestSchema = rejectDepositRequestSchema;
export type RejectWithdrawalRequest = z.infer<typeof rejectWithdrawalRequestSchema>;
/** A decision's answer, and GET /api/admin/withdrawals/:id (the account number in full). */
export const adminWithdrawalResponseSchema = z.object({ withdrawal: adminWithdrawalSchema });
export type AdminWithdrawalResponse = z.infer<typeof adminWithdrawalResponseSchema>;

export const adminBankAccountsQuerySchema = z.object({
  page: pageSchema,
  status: optionalFilter(bankAccountStatuses, messages.bankAccounts.statusInvalid),
  /** user name, e-mail, IFSC, bank name or account id, case-insensitive, partial */
  search: searchSchema,
});
export type AdminBankAccountsQuery = z.input<typeof adminBankAccountsQuerySchema>;
export const adminBankAccountsResponseSchema = paged(adminBankAccountSchema);
export type AdminBankAccountsResponse = z.infer<typeof adminBankAccountsResponseSchema>;
export const rejectBankAccountRequestSchema = rejectDepositRequestSchema;
/** A decision's answer, and GET /api/admin/bank-accounts/:id (the number in full). */
export const adminBankAccountResponseSchema = z.object({ bankAccount: adminBankAccountSchema });
export type AdminBankAccountResponse = z.infer<typeof adminBankAccountResponseSchema>;
