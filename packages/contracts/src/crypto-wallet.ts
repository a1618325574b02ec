import { z } from 'zod';
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
 * The crypto wallet's USDT deposits on an EVM chain (issue 15, ADR 015 phase 3). Amounts are
 * decimal strings in the asset's own units, never floats.
 */

export const chainAssets = ['USDT', 'ETH'] as const;
export type ChainAsset = (typeof chainAssets)[number];

/** GET /api/crypto/deposit-address: where the user sends USDT, one address for good. */
export const depositAddressResponseSchema = z.object({
  /** the chain's name for people, e.g. 'Ethereum' or 'Ethereum (local dev chain)' */
  network: z.string(),
  chainId: z.number().int(),
  /** what is credited when sent to the address */
  assets: z.array(z.enum(chainAssets)),
  /** checksummed (EIP-55) */
  address: z.string(),
  /** blocks (its own included) a deposit needs before it is credited */
  minimumConfirmations: z.number().int(),
  /** true on the local dev chain only: POST /api/crypto/faucet sends test coins */
  faucet: z.boolean(),
});
export type DepositAddressResponse = z.infer<typeof depositAddressResponseSchema>;

export const chainDepositStatuses = ['pending', 'credited', 'orphaned', 'unsupported'] as const;
export type ChainDepositStatus = (typeof chainDepositStatuses)[number];

export const chainDepositSchema = z.object({
  txHash: z.string(),
  /** the token transfer's log in the transaction; -1 for a native (ETH) transfer */
  logIndex: z.number().int(),
  asset: z.enum(chainAssets),
  /** coins, exact, as sent on chain (ETH up to 18 places) */
  amount: z.string(),
  /**
   * what the wallet is credited: the amount cut to the wallet's 8 places (ETH's smaller
   * dust stays on chain); null until credited
   */
  creditedAmount: z.string().nullable(),
  /**
   * pending: waiting for confirmations; credited: in the wallet; orphaned: its block left the
   * chain (a reorganisation) before it was credited; unsupported: never credited (an ETH
   * amount below 0.00000001, which the wallet cannot hold)
   */
  status: z.enum(chainDepositStatuses),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  /** decimal string: block numbers outgrow a double on no chain yet, but are bigints on ours */
  blockNumber: z.string(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type ChainDepositView = z.infer<typeof chainDepositSchema>;

/** Deposits GET /api/crypto/deposits lists, newest first. */
export const CHAIN_DEPOSITS_LIMIT = 20;

export const chainDepositsResponseSchema = z.object({
  deposits: z.array(chainDepositSchema),
});
export type ChainDepositsResponse = z.infer<typeof chainDepositsResponseSchema>;

/** What one faucet request sends at most, and by default. */
export const FAUCET_LIMITS = {
  USDT: { default: '100', max: '1000' },
  ETH: { default: '0.1', max: '1' },
} as const satisfies Record<ChainAsset, { default: string; max: string }>;

/** POST /api/crypto/faucet (dev chain only): test coins to the caller's deposit address. */
export const faucetRequestSchema = z.strictObject({
  asset: z.enum(chainAssets),
  /** decimal string; default FAUCET_LIMITS[asset].default */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,18})?$/, 'Amount must be a decimal number, e.g. "100"')
    .optional(),
});
export type FaucetRequest = z.infer<typeof faucetRequestSchema>;

export const faucetResponseSchema = z.object({
  txHash: z.string(),
  asset: z.enum(chainAssets),
  amount: z.string(),
  address: z.string(),
});
export type FaucetResponse = z.infer<typeof faucetResponseSchema>;

// ---------------------------------------------------------------- withdrawals

/**
 * The rules of a crypto withdrawal per asset (the server's settings default to these): the
 * flat network fee Sikka charges (it pays the chain's gas from its hot wallet), the minimum
 * amount, and the most one user can withdraw per India calendar day (pending to completed
 * requests together, the fee not counted). `places`: decimal places an amount may have (USDT's
 * token has 6; ETH is kept to the wallet's 8).
 */
export const CHAIN_WITHDRAWAL_RULES = {
  USDT: { fee: '1', minimum: '10', dailyLimit: '50000', places: 6 },
  ETH: { fee: '0.0005', minimum: '0.005', dailyLimit: '20', places: 8 },
} as const satisfies Record<
  ChainAsset,
  { fee: string; minimum: string; dailyLimit: string; places: number }
>;

/**
 * Times the hot wallet's sender tries an approved withdrawal the node refuses to estimate or
 * sign (a recipient that reverts, the hot wallet short) before it stops and the admin decides:
 * approve again (tried afresh) or reject (the hold goes back). Migration 037, ADR 016.
 */
export const CHAIN_WITHDRAWAL_SEND_ATTEMPTS = 5;

/**
 * pending: the amount + fee is held, waiting for an admin; approved: queued for the hot
 * wallet (the admin can still reject it until it is signed); signed: the transaction is
 * signed and stored (its hash known), not yet sent;
 * broadcast: sent, waiting to be mined and confirmed; completed: confirmed on chain (final);
 * rejected: by the admin, the hold released; cancelled: by the user while pending, the hold
 * released; failed: the transaction reverted on chain, the hold released.
 */
export const chainWithdrawalStatuses = [
  'pending',
  'approved',
  'signed',
  'broadcast',
  'completed',
  'rejected',
  'cancelled',
  'failed',
] as const;
export type ChainWithdrawalStatus = (typeof chainWithdrawalStatuses)[number];

/**
 * The travel-rule declaration (FIU-IND's guidance for VDA transfers): who owns the receiving
 * wallet, the user themselves or a named third party.
 */
export const beneficiarySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('own') }),
    z.strictObject({
      kind: z.literal('third_party'),
      name: z
        .string({ error: messages.cryptoWithdrawals.beneficiaryNameRequired })
        .trim()
        .min(2, { error: messages.cryptoWithdrawals.beneficiaryNameRequired })
        .max(100, { error: messages.cryptoWithdrawals.beneficiaryNameTooLong })
        .refine((v) => !v.includes('\0'), {
          error: messages.cryptoWithdrawals.beneficiaryNameRequired,
        }),
    }),
  ],
  { error: messages.cryptoWithdrawals.beneficiaryRequired },
);
export type Beneficiary = z.infer<typeof beneficiarySchema>;

/** POST /api/crypto/withdrawals (+ Idempotency-Key header). */
export const createChainWithdrawalRequestSchema = z.strictObject(
  {
    asset: z.enum(chainAssets, { error: messages.cryptoWithdrawals.assetInvalid }),
    /** an EVM address; a mixed-case one must carry a valid EIP-55 checksum */
    address: z
      .string({ error: messages.cryptoWithdrawals.addressRequired })
      .trim()
      .min(1, { error: messages.cryptoWithdrawals.addressRequired })
      .max(100, { error: messages.cryptoWithdrawals.addressInvalid }),
    /** coins; the places per asset are checked by the server (CHAIN_WITHDRAWAL_RULES) */
    amount: amountSchema({
      required: messages.deposits.amountRequired,
      scale: 8,
      decimalsMessage: messages.cryptoWithdrawals.amountDecimals(8),
    }),
    beneficiary: beneficiarySchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? messages.money.unknownField(issue.keys) : undefined,
  },
);
export type CreateChainWithdrawalRequest = z.input<typeof createChainWithdrawalRequestSchema>;

export const chainWithdrawalSchema = z.object({
  id: z.string(),
  asset: z.enum(chainAssets),
  /** the network's name for people */
  network: z.string(),
  chainId: z.number().int(),
  /** the target, checksummed (EIP-55) */
  address: z.string(),
  /** what arrives at the address */
  amount: z.string(),
  /** Sikka's network fee */
  fee: z.string(),
  /** amount + fee: what leaves the user's wallet */
  total: z.string(),
  status: z.enum(chainWithdrawalStatuses),
  beneficiary: z.object({ kind: z.enum(['own', 'third_party']), name: z.string().nullable() }),
  /** once signed */
  txHash: z.string().nullable(),
  /** blocks on top of the transaction's (its own included) once mined, else 0 */
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  rejectionReason: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ChainWithdrawal = z.infer<typeof chainWithdrawalSchema>;

export const chainWithdrawalResponseSchema = z.object({
  withdrawal: chainWithdrawalSchema,
  balances: balancesSchema,
});
export type ChainWithdrawalResponse = z.infer<typeof chainWithdrawalResponseSchema>;

export const chainWithdrawalDetailResponseSchema = z.object({ withdrawal: chainWithdrawalSchema });
export type ChainWithdrawalDetailResponse = z.infer<typeof chainWithdrawalDetailResponseSchema>;

/** Withdrawals GET /api/crypto/withdrawals lists, newest first. */
export const CHAIN_WITHDRAWALS_LIMIT = 20;
export const chainWithdrawalsResponseSchema = z.object({
  withdrawals: z.array(chainWithdrawalSchema),
});
export type ChainWithdrawalsResponse = z.infer<typeof chainWithdrawalsResponseSchema>;

/** One asset of the crypto wallet: what the user holds and may withdraw. */
export const chainAssetStateSchema = z.object({
  asset: z.enum(chainAssets),
  /** available to withdraw or trade */
  available: z.string(),
  /** held by pending and in-flight withdrawals */
  held: z.string(),
  fee: z.string(),
  minimum: z.string(),
  dailyLimit: z.string(),
  /** pending to completed withdrawals of this India calendar day */
  usedToday: z.string(),
  remainingToday: z.string(),
  /** decimal places an amount may have */
  places: z.number().int(),
});
export type ChainAssetState = z.infer<typeof chainAssetStateSchema>;

/** GET /api/crypto/wallet: the crypto wallet's assets and the withdrawal rules. */
export const cryptoWalletResponseSchema = z.object({
  network: z.string(),
  chainId: z.number().int(),
  requiredConfirmations: z.number().int(),
  assets: z.array(chainAssetStateSchema),
});
export type CryptoWalletResponse = z.infer<typeof cryptoWalletResponseSchema>;

// ---------------------------------------------------------------- admin

export const adminChainWithdrawalSchema = chainWithdrawalSchema.extend({
  user: adminUserRefSchema,
  /** The sender's tries of an approved one the node refused (see CHAIN_WITHDRAWAL_SEND_ATTEMPTS). */
  sending: z.object({
    /** failed attempts to estimate or sign it */
    attempts: z.number().int(),
    /** the node's words the last time, or null */
    lastError: z.string().nullable(),
    /** not tried again before this */
    nextAttemptAt: z.string().nullable(),
    /** the sender gave up: it stays approved and held until the admin approves again or rejects */
    needsAttention: z.boolean(),
  }),
});
export type AdminChainWithdrawal = z.infer<typeof adminChainWithdrawalSchema>;

export const adminChainWithdrawalsQuerySchema = z.object({
  page: pageSchema,
  status: optionalFilter(chainWithdrawalStatuses, messages.cryptoWithdrawals.statusInvalid),
  /** user name, e-mail, address, transaction hash or withdrawal id, case-insensitive, partial */
  search: searchSchema,
});
export type AdminChainWithdrawalsQuery = z.input<typeof adminChainWithdrawalsQuerySchema>;
export const adminChainWithdrawalsResponseSchema = paged(adminChainWithdrawalSchema);
export type AdminChainWithdrawalsResponse = z.infer<typeof adminChainWithdrawalsResponseSchema>;

export const adminChainWithdrawalResponseSchema = z.object({
  withdrawal: adminChainWithdrawalSchema,
});
export type AdminChainWithdrawalResponse = z.infer<typeof adminChainWithdrawalResponseSchema>;

/** POST /api/admin/crypto-withdrawals/:id/reject: the reason, shown to the user. */
export const rejectChainWithdrawalRequestSchema = rejectDepositRequestSchema;
