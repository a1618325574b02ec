import type { Coin } from '@sikka/contracts';
import { formatPrice } from '@/lib/format.ts';
import { ChangeText } from './change-text.tsx';

/** A coin's price over its 24 h change, right-aligned, as the compact coin lists show them. */
export function PriceAndChange({ coin, className }: { coin: Coin; className: string }) {
  return (
    <span className={className}>
      <span className="block text-sm font-medium text-ink tabular-nums" data-testid="coin-price">
        {formatPrice(coin.price)}
      </span>
      <span className="block text-xs" data-testid="coin-change">
        <ChangeText value={coin.price_change_percentage_24h} />
      </span>
    </span>
  );
}
