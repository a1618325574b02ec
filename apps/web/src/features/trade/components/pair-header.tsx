import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { CoinIcon } from '@/components/market/coin-icon.tsx';
import { ChangeText } from '@/components/market/change-text.tsx';
import { displayName } from '@/components/market/coin-display.ts';
import { SimulatedBadge } from '@/components/market/simulated-badge.tsx';
import { changeColorClass, formatCompact, formatPrice } from '@/lib/format.ts';
import { dayRange } from '@/features/trade/lib/select-coin.ts';
import type { PairStats } from '@/features/trade/lib/exchange-parts.ts';

export interface PairHeaderProps {
  coin: Coin;
  pair: string;
  symbol: string;
  starred: boolean;
  onToggleStar: () => void;
  /** The exchange's own figures once its market has traded; null: the feed's. */
  stats?: PairStats | null;
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-medium tracking-wide text-subtle uppercase" title={hint}>
        {label}
      </dt>
      {/* A size smaller on a phone, where BTC's ₹98,65,636.00 fills a third of the row. */}
      <dd
        className="mt-0.5 truncate text-xs font-semibold text-ink tabular-nums sm:text-sm"
        title={value}
      >
        {value}
      </dd>
    </div>
  );
}

/** Pair, live price, 24 h change, watchlist star, 24 h high / low / volume (PRODUCT.md §2). */
export function PairHeader({ coin, pair, symbol, starred, onToggleStar, stats }: PairHeaderProps) {
  const range = stats ? { high: stats.high, low: stats.low, estimated: false } : dayRange(coin);
  const estimate = range.estimated ? 'Estimated as ±5% of the last price' : undefined;
  const price = stats ? stats.price : coin.price;
  const change = stats ? stats.change : coin.price_change_percentage_24h;
  const volume = stats ? stats.volume : coin.volume;
  return (
    <div className="flex flex-col gap-3 px-4 py-3 xl:flex-row xl:items-center xl:gap-8">
      <div className="flex items-center gap-3">
        <CoinIcon coin={coin} />
        <div className="min-w-0">
          <div className="flex items-center gap-1.5">
            <h1 className="text-lg font-bold tracking-tight text-ink" data-testid="trade-pair">
              {pair}
            </h1>
            <button
              type="button"
              onClick={onToggleStar}
              aria-pressed={starred}
              aria-label={
                starred ? `Remove ${symbol} from watchlist` : `Add ${symbol} to watchlist`
              }
              title={starred ? 'Remove from watchlist' : 'Add to watchlist'}
              className="grid size-8 place-items-center rounded-md text-subtle hover:bg-raised hover:text-accent"
            >
              <Star
                className={clsx('size-4', starred && 'fill-accent text-accent')}
                aria-hidden="true"
              />
            </button>
          </div>
          <p className="text-xs text-subtle">{displayName(coin)}</p>
        </div>
        <div className="ml-auto text-right xl:ml-4 xl:text-left">
          <p
            className={clsx('text-lg font-bold tabular-nums', changeColorClass(change))}
            data-testid="trade-price"
          >
            {formatPrice(price)}
          </p>
          {/* The exchange has no change until it has a trade 24 h old: nothing, not 'N/A'. */}
          {stats && change === null ? null : <ChangeText value={change} className="text-xs" />}
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-3 border-t border-line pt-3 xl:flex xl:gap-8 xl:border-0 xl:pt-0">
        <Stat label="24h High" value={formatPrice(range.high)} hint={estimate} />
        <Stat label="24h Low" value={formatPrice(range.low)} hint={estimate} />
        <Stat label="24h Vol" value={`₹${formatCompact(volume)}`} />
      </dl>
      <div className="hidden xl:ml-auto xl:block">
        <SimulatedBadge align="right" />
      </div>
    </div>
  );
}
