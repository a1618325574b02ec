import type { ChainAsset, ChainDepositView } from '@sikka/contracts';
import {
  CRYPTO_NETWORKS,
  EVM_NETWORK,
  type CryptoCoin,
} from '@/features/wallet/lib/wallet-samples.ts';
import { formatCoin } from '@/features/wallet/lib/crypto-withdraw.ts';

/*
 * The crypto deposit page's rules, kept pure so they are unit-tested: which networks a coin
 * offers, how a chain deposit's status reads, and how its amount is shown.
 */

/** The networks the chosen coin moves on: Bitcoin's two for BTC, the server's chain otherwise. */
export function networksFor(
  coin: CryptoCoin,
  evmName: string,
): ReadonlyArray<{ value: string; label: string }> {
  return coin === 'BTC' ? CRYPTO_NETWORKS : [{ value: EVM_NETWORK, label: evmName }];
}

/** The one coin whose deposits come to the address, or null for BTC (none yet). */
export function chainAssetOf(coin: CryptoCoin): ChainAsset | null {
  return coin === 'BTC' ? null : coin;
}

/** How a person names an asset on the chain: USDT is the ERC-20 token, not another USDT. */
export function assetOnChain(asset: ChainAsset): string {
  return asset === 'USDT' ? 'USDT (ERC-20)' : asset;
}

/** 'USDT (ERC-20) or ETH', 'USDT (ERC-20)': what the address may receive. */
export function assetsText(assets: readonly ChainAsset[]): string {
  return assets.map(assetOnChain).join(' or ');
}

/** 'USDT or ETH': the same list in plain names, for sentences about choosing. */
export function assetNames(assets: readonly ChainAsset[]): string {
  return assets.join(' or ');
}

export type DepositTone = 'success' | 'warning' | 'danger' | 'neutral';

/** A chain deposit's status in words: a pill's text, a line under it, and its colour. */
export function chainDepositStatus(
  deposit: Pick<ChainDepositView, 'status' | 'confirmations' | 'requiredConfirmations'>,
): { text: string; detail: string | null; tone: DepositTone } {
  switch (deposit.status) {
    case 'pending': {
      // Confirmations can pass the requirement for a moment before the credit lands.
      const seen = Math.min(deposit.confirmations, deposit.requiredConfirmations);
      return {
        text: 'Pending',
        detail: `${seen}/${deposit.requiredConfirmations} confirmations`,
        tone: 'warning',
      };
    }
    case 'credited':
      return { text: 'Credited', detail: null, tone: 'success' };
    case 'orphaned':
      return { text: 'Orphaned', detail: 'Dropped by a chain reorganisation', tone: 'danger' };
    case 'unsupported':
      return { text: 'Unsupported', detail: 'Too small for the wallet to hold', tone: 'neutral' };
  }
}

/**
 * Cuts a decimal string to `places` without rounding (the wallet credits the cut amount, so
 * rounding up would promise more than arrives). String work only: no float in between.
 */
export function cutDecimals(value: string, places: number): string {
  const [whole, fraction = ''] = value.trim().split('.');
  const kept = fraction.slice(0, places);
  return kept ? `${whole}.${kept}` : (whole ?? '');
}

/** The wallet keeps 8 places of every asset. */
const WALLET_PLACES = 8;

/**
 * What a deposit is worth to the user: the credited amount once credited (the server may not
 * send it yet: then the amount), else the amount sent, cut to the wallet's 8 places.
 */
export function chainDepositAmount(
  deposit: Pick<ChainDepositView, 'asset' | 'amount' | 'status'> & {
    creditedAmount?: string | null;
  },
): string {
  const value =
    deposit.status === 'credited' ? (deposit.creditedAmount ?? deposit.amount) : deposit.amount;
  return formatCoin(cutDecimals(value, WALLET_PLACES), deposit.asset);
}
