import { formatCoin } from './crypto-withdraw.ts';

/**
 * The crypto withdraw screens' own words. messages.cryptoWithdrawals has the server's refusals
 * but not these yet; they belong there once the contracts take them (said in the issue's report).
 */
export const CRYPTO_WITHDRAW_TEXT = {
  submitted: (amount: string, asset: string) =>
    `Withdrawal of ${formatCoin(amount, asset)} requested. It is sent once approved.`,
  submitFailed: 'Failed to submit crypto withdrawal',
  cancelled: 'Crypto withdrawal cancelled. The amount and fee are back in your wallet.',
  cancelFailed: 'Failed to cancel crypto withdrawal',
  fetchFailed: 'Failed to fetch crypto withdrawals',
  walletFailed: 'Failed to load the crypto wallet',
  unavailable: 'Crypto wallet unavailable',
} as const;
