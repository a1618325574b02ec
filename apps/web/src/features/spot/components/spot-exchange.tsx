import { useState, type ReactNode } from 'react';
import {
  decimalFromNumber,
  type CandleInterval,
  type Coin,
  type SpotMarket,
  type SpotMarketsResponse,
  type SpotStats,
} from '@sikka/contracts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useSpotBalances } from '@/lib/spot/get-spot-balances.ts';
import { findSpotMarket, useSpotMarkets } from '@/lib/spot/get-spot-markets.ts';
import { useSpotAccountLive } from '@/lib/spot/use-spot-account-live.ts';
import { spotCandlesSource } from '@/features/spot/api/get-spot-candles.ts';
import { useSpotStats } from '@/features/spot/api/get-spot-stats.ts';
import { useSpotBook } from '@/features/spot/hooks/use-spot-book.ts';
import { useSpotOrderForm } from '@/features/spot/hooks/use-spot-order-form.ts';
import { lastTradePrice } from '@/features/spot/lib/book-state.ts';
import { roundToStep } from '@/features/spot/lib/order-math.ts';
import { OpenOrders } from './open-orders.tsx';
import { SpotOrderBook } from './spot-order-book.tsx';
import { SpotOrderForm } from './spot-order-form.tsx';

/**
 * The parts /trade's layout takes from a live exchange (the trade feature's ExchangeParts,
 * matched by shape: features do not import each other; the app hands this component over).
 */
export interface SpotExchangeParts {
  stats: {
    price: number;
    change: number | null;
    high: number;
    low: number;
    volume: number;
  } | null;
  candles: ((interval: CandleInterval) => ReturnType<ReturnType<typeof spotCandlesSource>>) | null;
  book: ReactNode;
  form: ReactNode;
  orders: ReactNode;
}

export interface SpotExchangeProps {
  coin: Coin;
  symbol: string;
  children: (parts: SpotExchangeParts | null) => ReactNode;
}

/**
 * The spot exchange for /trade's selected coin, when SPOT_TRADING is on and the coin has a
 * market; otherwise `children(null)` and the page keeps the spec's demo parts.
 */
export function SpotExchange({ coin, symbol, children }: SpotExchangeProps) {
  const markets = useSpotMarkets();
  const market = findSpotMarket(markets.data, symbol);
  if (!market || !markets.data) return <>{children(null)}</>;
  return (
    <SpotMarketView key={market.symbol} coin={coin} market={market} config={markets.data}>
      {children}
    </SpotMarketView>
  );
}

/** Header figures once the market has traded (display numbers only); null before: the feed's. */
function headerStats(stats: SpotStats | undefined): SpotExchangeParts['stats'] {
  if (!stats?.last || !stats.high24h || !stats.low24h) return null;
  return {
    price: Number(stats.last),
    change: stats.change24h === null ? null : Number(stats.change24h),
    high: Number(stats.high24h),
    low: Number(stats.low24h),
    volume: Number(stats.quoteVolume24h),
  };
}

function SpotMarketView({
  coin,
  market,
  config,
  children,
}: {
  coin: Coin;
  market: SpotMarket;
  config: SpotMarketsResponse;
  children: SpotExchangeProps['children'];
}) {
  const { status, user } = useAuth();
  const signedIn = status === 'signedIn' && user !== null;
  const book = useSpotBook(market.symbol);
  const stats = useSpotStats(market.symbol);
  const balances = useSpotBalances(signedIn);
  useSpotAccountLive(signedIn);

  const inr = balances.data?.assets.find((a) => a.asset === 'INR')?.available;
  const coins = balances.data?.assets.find((a) => a.asset === market.base)?.available;
  const available = balances.data ? { inr: inr ?? '0', coin: coins ?? '0' } : null;
  const form = useSpotOrderForm({ market, fees: config, available });

  // The price box starts at the market's last trade, else the feed's price on the tick.
  const last = lastTradePrice(book) ?? stats.data?.last ?? null;
  const feedPrice = decimalFromNumber(coin.price, market.priceDecimals);
  const opening = last ?? (feedPrice ? roundToStep(feedPrice, market.tickSize, 'half-up') : null);
  // Once, when a price is first known: later moves do not overwrite the user's box.
  const [primed, setPrimed] = useState(false);
  if (!primed && opening) {
    setPrimed(true);
    form.primePrice(opening);
  }

  return (
    <>
      {children({
        stats: headerStats(stats.data),
        candles: spotCandlesSource(market.symbol),
        book: <SpotOrderBook market={market} book={book} lastPrice={last} onPick={form.pick} />,
        form: (
          <SpotOrderForm
            market={market}
            form={form}
            signedIn={signedIn}
            kycStatus={signedIn && user.kycStatus !== 'verified' ? user.kycStatus : null}
            kycRejectedReason={user?.kycRejectedReason ?? null}
            available={available}
            makerFee={config.makerFee}
            takerFee={config.takerFee}
          />
        ),
        orders: signedIn ? <OpenOrders /> : null,
      })}
    </>
  );
}
