/**
 * The fixed sample data of the wallet screens (PRODUCT.md §2 "Wallet", §9 "Crypto"). None of
 * it is a real account or address: the screens say so next to it.
 */

/** Where users send INR by bank transfer. */
export const SAMPLE_BANK_ACCOUNT = [
  { label: 'Account Name', value: 'Sikka Technologies Pvt Ltd' },
  { label: 'Account Number', value: '50200012345678' },
  { label: 'IFSC Code', value: 'HDFC0001234' },
  { label: 'Bank Name', value: 'HDFC Bank' },
  { label: 'Branch', value: 'Bandra Kurla Complex, Mumbai' },
] as const;

export const CRYPTO_COINS = [
  { value: 'BTC', label: 'Bitcoin (BTC)' },
  { value: 'ETH', label: 'Ethereum (ETH)' },
  { value: 'USDT', label: 'Tether (USDT)' },
] as const;

export const CRYPTO_NETWORKS = [
  { value: 'bitcoin', label: 'Bitcoin Network' },
  { value: 'lightning', label: 'Lightning Network' },
] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number]['value'];

/** One fixed sample deposit address per network (a Bech32 address and a Lightning address). */
export const SAMPLE_DEPOSIT_ADDRESS: Record<CryptoNetwork, string> = {
  bitcoin: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  lightning: 'deposits@sikka.example',
};

/** Processing times of PRODUCT.md §9. */
export const PROCESSING_TIMES = [
  { network: 'Bitcoin Network', time: '2 network confirmations (usually 20–30 minutes)' },
  { network: 'Lightning Network', time: 'Instant' },
] as const;

/** Withdrawal fees of PRODUCT.md §9. */
export const WITHDRAWAL_FEES = [
  { network: 'Bitcoin Network', fee: '0.0005 BTC' },
  { network: 'Lightning Network', fee: '1 sat' },
] as const;
