import { useEffect, useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { AlertCircle } from 'lucide-react';
import {
  CANDLE_INTERVAL_MS,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  type Coin,
} from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import { useCandles } from '@/features/trade/api/get-candles.ts';
import { mergeTick } from '@/features/trade/lib/candles.ts';
import { priceDecimals } from '@/features/trade/lib/price-precision.ts';
import type { CandlesSource } from '@/features/trade/lib/exchange-parts.ts';
import { CandleChart } from './candle-chart.tsx';

const INTERVAL_NAMES: Record<CandleInterval, string> = { '1m': '1 minute', '1h': '1 hour' };

export interface PriceChartProps {
  coin: Coin;
  pair: string;
  /** ISO time of the price (the feed's clock), so live candles follow the server's intervals. */
  priceTime: string | null;
  /**
   * The exchange's own candles, when /trade runs a live exchange: shown once its market has
   * traded (they then move with its trades, not with the feed's price); the feed's before.
   */
  exchangeCandles?: CandlesSource | null;
}

/**
 * The selected pair's candles from the server, moved every second by the live price, with a
 * 1m / 1h switch. Opens on 1h, like the spec's demo chart of hourly candles.
 */
export function PriceChart({ coin, pair, priceTime, exchangeCandles }: PriceChartProps) {
  const [interval, setChartInterval] = useState<CandleInterval>('1h');
  const feedQuery = useCandles(coin.id, interval);
  const source = exchangeCandles?.(interval);
  const exchangeQuery = useQuery({
    queryKey: source?.queryKey ?? ['market', 'candles', 'none'],
    queryFn: source ? ({ signal }) => source.fetch(signal) : skipToken,
    refetchInterval: source?.refetchInterval,
    staleTime: 5_000,
  });
  const fromExchange = (exchangeQuery.data?.candles.length ?? 0) > 0;
  const query = fromExchange ? exchangeQuery : feedQuery;
  const seriesKey = `${fromExchange ? 'exchange' : 'feed'}|${coin.id}|${interval}`;

  // The server's candles, then each live price folded in, until the next read replaces them.
  const [live, setLive] = useState<{ key: string; version: number; candles: readonly Candle[] }>({
    key: '',
    version: 0,
    candles: [],
  });
  const base = query.data?.candles;
  if (base && (live.key !== seriesKey || live.version !== query.dataUpdatedAt)) {
    setLive({ key: seriesKey, version: query.dataUpdatedAt, candles: base });
  }
  useEffect(() => {
    // The exchange's candles are its trades: the feed's price has no place in them.
    if (fromExchange) return;
    const at = priceTime ? Date.parse(priceTime) : Date.now();
    setLive((current) =>
      current.key === seriesKey
        ? {
            ...current,
            candles: mergeTick(current.candles, coin.price, at, CANDLE_INTERVAL_MS[interval]),
          }
        : current,
    );
  }, [coin.price, priceTime, seriesKey, interval, fromExchange]);

  const ready = live.key === seriesKey && live.candles.length > 0;

  return (
    <section aria-labelledby="chart-heading" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2.5">
        <h2 id="chart-heading" className="text-sm font-semibold text-ink">
          Chart <span className="font-normal text-muted">· {pair}</span>
        </h2>
        <div role="group" aria-label="Chart interval" className="flex rounded-lg bg-canvas p-0.5">
          {CANDLE_INTERVALS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={interval === value}
              title={INTERVAL_NAMES[value]}
              onClick={() => setChartInterval(value)}
              className={clsx(
                'rounded-md px-3 py-1 text-xs font-semibold tabular-nums transition-colors',
                interval === value ? 'bg-raised text-accent' : 'text-muted hover:text-ink',
              )}
            >
              {value}
            </button>
          ))}
        </div>
      </div>
      <div className="relative min-h-0 flex-1">
        {ready ? (
          <CandleChart
            candles={live.candles}
            seriesKey={seriesKey}
            version={live.version}
            decimals={priceDecimals(coin.price)}
            label={`${pair} price, ${INTERVAL_NAMES[interval]} candles with volume`}
          />
        ) : query.isError ? (
          <div role="alert" className="grid h-full place-items-center p-6 text-center">
            <div>
              <AlertCircle className="mx-auto size-6 text-down" aria-hidden="true" />
              <p className="mt-2 text-sm text-muted">The chart could not be loaded.</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => void query.refetch()}
              >
                Try again
              </Button>
            </div>
          </div>
        ) : query.isSuccess ? (
          <p className="grid h-full place-items-center text-sm text-muted">
            No trades in this period yet.
          </p>
        ) : (
          <div role="status" aria-label="Loading chart" className="h-full p-4">
            <SkeletonBlock className="size-full" />
          </div>
        )}
      </div>
    </section>
  );
}
