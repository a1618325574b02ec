import { z } from 'zod';

/** Every error the API returns has this shape; `code` is stable, `message` is for people. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'cross_site',
  'unsupported_media_type',
  'rate_limited',
  'login_throttled',
  'user_already_exists',
  'email_confusable',
  'invalid_credentials',
  'insufficient_inr',
  'insufficient_usdt',
  'insufficient_funds',
  'price_changed',
  'invalid_state',
  'idempotency_conflict',
  'duplicate_utr',
  'deposit_limit',
  'kyc_required',
  'trade_limit',
  'withdrawal_limit',
  'bank_account_unverified',
  'duplicate_bank_account',
  'payload_too_large',
  'chain_unavailable',
  'two_factor_required',
  'two_factor_invalid',
  'two_factor_setup_required',
  'two_factor_throttled',
  'email_unverified',
  'withdrawals_paused',
  'account_frozen',
  'link_invalid',
  'passkey_failed',
  'spot_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
