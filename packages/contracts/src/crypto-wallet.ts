import { z } from 'zod';

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
  assets: z.array(z.enum(['USDT'])),
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
  /** coins, exact */
  amount: z.string(),
  /**
   * pending: waiting for confirmations; credited: in the wallet; orphaned: its block left the
   * chain (a reorganisation) before it was credited; unsupported: never credited (ETH)
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
