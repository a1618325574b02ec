import type { Coin } from '@sikka/contracts';

/**
 * Full names of well-known coins, for display and search only. The ticker gives just the
 * market code ('BTCINR' → name 'BTC'); a coin not listed here shows its symbol.
 */
const FULL_NAMES: Readonly<Record<string, string>> = {
  USDT: 'Tether',
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  SOL: 'Solana',
  XRP: 'XRP',
  DOGE: 'Dogecoin',
  BNB: 'BNB',
  ADA: 'Cardano',
  TRX: 'TRON',
  POL: 'Polygon',
  MATIC: 'Polygon',
  DOT: 'Polkadot',
  LTC: 'Litecoin',
  SHIB: 'Shiba Inu',
  AVAX: 'Avalanche',
  LINK: 'Chainlink',
  BCH: 'Bitcoin Cash',
  XLM: 'Stellar',
  ATOM: 'Cosmos',
  UNI: 'Uniswap',
  NEAR: 'NEAR Protocol',
  APT: 'Aptos',
  ARB: 'Arbitrum',
  OP: 'Optimism',
  FIL: 'Filecoin',
  ICP: 'Internet Computer',
  ETC: 'Ethereum Classic',
  HBAR: 'Hedera',
  VET: 'VeChain',
  ALGO: 'Algorand',
  SAND: 'The Sandbox',
  MANA: 'Decentraland',
  AXS: 'Axie Infinity',
  AAVE: 'Aave',
  INJ: 'Injective',
  SUI: 'Sui',
  PEPE: 'Pepe',
  FLOKI: 'FLOKI',
  TON: 'Toncoin',
  WIF: 'dogwifhat',
  BONK: 'Bonk',
  GALA: 'Gala',
  CHZ: 'Chiliz',
  CRV: 'Curve DAO',
  LDO: 'Lido DAO',
  GRT: 'The Graph',
  FET: 'Artificial Superintelligence Alliance',
  SEI: 'Sei',
  ENA: 'Ethena',
  TIA: 'Celestia',
  USDC: 'USD Coin',
};

/** The coin's symbol for display: the ticker's, without a trailing 'INR'. */
export function displaySymbol(coin: Pick<Coin, 'symbol'>): string {
  const stripped = coin.symbol.replace(/INR$/i, '');
  return (stripped || coin.symbol).toUpperCase();
}

/** A readable name ('Bitcoin'), or the symbol when the coin is not a well-known one. */
export function displayName(coin: Pick<Coin, 'symbol' | 'name'>): string {
  return FULL_NAMES[displaySymbol(coin)] ?? coin.name.replace(/inr$/i, '').toUpperCase();
}

/** Search of PRODUCT.md §2: the name or symbol contains the query, ignoring case. */
export function matchesSearch(coin: Pick<Coin, 'symbol' | 'name'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return (
    coin.name.toLowerCase().includes(q) ||
    coin.symbol.toLowerCase().includes(q) ||
    displayName(coin).toLowerCase().includes(q)
  );
}

/**
 * Our server's icon for a coin (apps/server/src/http/coin-icons.ts): lower-cased symbol without
 * 'inr'. Same origin, so prices look right offline; a coin without an icon gets a 404.
 */
export function coinIconUrl(coin: Pick<Coin, 'symbol'>): string {
  return `/coin-icons/${encodeURIComponent(displaySymbol(coin).toLowerCase())}`;
}
