/**
 * The fixed data of the wallet screens (PRODUCT.md §2 "Wallet", §9 "Crypto"): the sample bank
 * account (the screen says it is one) and the coin and network choices. No crypto address
 * lives here: every address shown is the user's own, from the server.
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
export type CryptoCoin = (typeof CRYPTO_COINS)[number]['value'];

/** Bitcoin's networks: named in the coin and network choice, neither available yet. */
export const CRYPTO_NETWORKS = [
  { value: 'bitcoin', label: 'Bitcoin Network' },
  { value: 'lightning', label: 'Lightning Network' },
] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number]['value'];

/**
 * The network value of the server's EVM chain, where USDT (ERC-20) and ETH move; its label is
 * the name GET /api/crypto/deposit-address gives ('Ethereum', 'Ethereum (local dev chain)').
 */
export const EVM_NETWORK = 'evm';

/** The EVM network's name until the server has given its own (or when it has no chain). */
export const EVM_FALLBACK_NAME = 'Ethereum';

/** Bitcoin's lines of the Processing Times panel; the EVM line comes from the server's rule. */
export const PROCESSING_TIMES = [
  { network: 'Bitcoin Network', time: 'Not available yet' },
  { network: 'Lightning Network', time: 'Not available yet' },
] as const;
