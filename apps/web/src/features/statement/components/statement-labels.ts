import type { StatementEntry, StatementEntryType, StatementTypeFilter } from '@sikka/contracts';
import { paths, recordPath } from '@/config/paths.ts';
import { formatInr } from '@/lib/format.ts';

export const entryTypeLabels: Record<StatementEntryType, string> = {
  deposit: 'Deposit',
  trade_buy: 'Buy',
  trade_sell: 'Sell',
  withdrawal_hold: 'Withdrawal held',
  withdrawal_release: 'Withdrawal released',
  withdrawal_payout: 'Withdrawal paid',
  chain_deposit: 'Crypto deposit',
  chain_withdrawal_hold: 'Crypto withdrawal held',
  chain_withdrawal_release: 'Crypto withdrawal released',
  chain_withdrawal_payout: 'Crypto withdrawal sent',
};

export const typeFilterOptions: ReadonlyArray<{
  value: StatementTypeFilter | 'all';
  label: string;
}> = [
  { value: 'all', label: 'All types' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'trade', label: 'Trades (buy and sell)' },
  { value: 'trade_buy', label: 'Buys' },
  { value: 'trade_sell', label: 'Sells' },
  { value: 'withdrawal', label: 'Withdrawals (all)' },
  { value: 'withdrawal_hold', label: 'Withdrawals held' },
  { value: 'withdrawal_payout', label: 'Withdrawals paid' },
  { value: 'withdrawal_release', label: 'Withdrawals released' },
  { value: 'chain_deposit', label: 'Crypto deposits' },
  { value: 'chain_withdrawal', label: 'Crypto withdrawals (all)' },
];

export const assetFilterOptions = [
  { value: 'all', label: 'All assets' },
  { value: 'INR', label: 'INR' },
  { value: 'USDT', label: 'USDT' },
  { value: 'ETH', label: 'ETH' },
] as const;

const coinFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});

/** An amount in its asset, Indian grouping; decimal strings are formatted as strings. */
export function formatAssetAmount(value: string, asset: StatementEntry['asset']): string {
  if (asset === 'INR') return formatInr(value);
  return `${coinFormat.format(value as `${number}`)} ${asset}`;
}

/** A signed amount: '+₹1,000.00', '−0.5 USDT'. */
export function formatSignedAmount(value: string, asset: StatementEntry['asset']): string {
  const negative = value.trim().startsWith('-');
  const magnitude = negative ? value.trim().slice(1) : value.trim();
  return `${negative ? '−' : '+'}${formatAssetAmount(magnitude, asset)}`;
}

export const isDebit = (value: string) => value.trim().startsWith('-');

/** The page of the very trade, deposit or withdrawal an entry belongs to. */
export function entryLink(link: StatementEntry['link']): { to: string; label: string } {
  switch (link.kind) {
    case 'trade':
      return { to: recordPath(paths.dashboard.tradeDetail, link.id), label: 'View trade' };
    case 'deposit':
      return { to: recordPath(paths.dashboard.depositDetail, link.id), label: 'View deposit' };
    case 'withdrawal':
      return {
        to: recordPath(paths.dashboard.withdrawalDetail, link.id),
        label: 'View withdrawal',
      };
    case 'crypto_deposit':
      return { to: paths.dashboard.cryptoDeposit, label: 'View crypto deposits' };
    case 'crypto_withdrawal':
      return { to: paths.dashboard.cryptoWithdraw, label: 'View crypto withdrawals' };
  }
}
