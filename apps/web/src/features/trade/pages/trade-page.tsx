import { decimalFromNumber } from '@sikka/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import { displaySymbol } from '@/components/market/coin-display.ts';
import { SimulatedBadge } from '@/components/market/simulated-badge.tsx';
import { useCrypto } from '@/lib/realtime/use-crypto.ts';
import { useWatchlist } from '@/lib/watchlist/use-watchlist.ts';
import { CoinPanel } from '@/features/trade/components/coin-panel.tsx';
import { OrderBook } from '@/features/trade/components/order-book.tsx';
import type { BookFilter } from '@/components/market/order-book-header.tsx';
import { OrderForm, type OrderFormState } from '@/features/trade/components/order-form.tsx';
import { PairHeader } from '@/features/trade/components/pair-header.tsx';
import { PriceChart } from '@/features/trade/components/price-chart.tsx';
import { useOrderBook } from '@/features/trade/hooks/use-order-book.ts';
import type { OrderBookEntry } from '@/features/trade/lib/order-book.ts';
import { amountDecimals, priceDecimals } from '@/features/trade/lib/price-precision.ts';
import { coinIdFromState, pairName, selectCoin } from '@/features/trade/lib/select-coin.ts';
import type { ExchangeComponent, ExchangeParts } from '@/features/trade/lib/exchange-parts.ts';

const panel = 'min-w-0 rounded-xl border border-line bg-surface';

/** The price box's text for a coin's live price. */
const priceText = (price: number) => decimalFromNumber(price, priceDecimals(price)) ?? '';

/**
 * /trade (PRODUCT.md §2 "Spot trading page", §4 "Trade page"): coin list, pair header, chart,
 * order book and the order form under its 'Coming Soon!' overlay. The coin comes from the
 * navigation state of a Trade button, else USDT/INR, else the first coin. With a live
 * `exchange` (the spot exchange, composed in by the app) its book, form, open orders, figures
 * and candles take the demo parts' places in the same layout.
 */
export default function TradePage({ exchange: Exchange }: { exchange?: ExchangeComponent }) {
  const { coins, loading, error, updatedAt } = useCrypto();
  const location = useLocation();
  const watchlist = useWatchlist();

  const [chosenId, setChosenId] = useState<string | null>(() => coinIdFromState(location.state));
  // A Trade button pressed while already on /trade brings new navigation state.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    const fromState = coinIdFromState(location.state);
    if (fromState) setChosenId(fromState);
  }

  const coin = selectCoin(coins, chosenId);
  const symbol = coin ? displaySymbol(coin) : '';
  const pair = coin ? pairName(symbol) : '—/INR';

  const [form, setForm] = useState<OrderFormState>({
    side: 'buy',
    type: 'limit',
    price: '',
    amount: '',
  });
  // Selecting a coin sets the price box to its price (PRODUCT.md §4), once per coin: later
  // ticks do not overwrite what the user (or an order-book click) put there.
  const [pricedFor, setPricedFor] = useState<string | null>(null);
  if (coin && pricedFor !== coin.id) {
    setPricedFor(coin.id);
    setForm((f) => ({ ...f, price: priceText(coin.price), amount: '' }));
  }

  const [bookFilter, setBookFilter] = useState<BookFilter>('all');
  const book = useOrderBook(coin?.id ?? null, coin?.price ?? null);
  const pick = (entry: OrderBookEntry) =>
    setForm((f) => ({ ...f, side: entry.type, price: entry.price, amount: entry.amount }));

  if (!coin) {
    return (
      <div className="mx-auto w-full max-w-[100rem] p-3 md:p-4">
        {loading ? (
          <div role="status" aria-label="Loading markets" className="grid gap-3">
            <SkeletonBlock className="h-20" />
            <SkeletonBlock className="h-[28rem]" />
          </div>
        ) : (
          <div
            role="alert"
            className="flex items-center gap-2 rounded-xl border border-down/40 bg-down/5 p-4 text-down"
          >
            <AlertCircle className="size-5 shrink-0" aria-hidden="true" />
            {error ?? 'No markets are available right now.'}
          </div>
        )}
      </div>
    );
  }

  const demo: ExchangeParts = {
    stats: null,
    candles: null,
    book: (
      <OrderBook
        coin={coin}
        symbol={symbol}
        book={book}
        filter={bookFilter}
        onFilter={setBookFilter}
        onPick={pick}
      />
    ),
    form: (
      <OrderForm
        state={form}
        onChange={setForm}
        symbol={symbol}
        priceScale={priceDecimals(coin.price)}
        amountScale={amountDecimals(coin.price)}
      />
    ),
    orders: null,
  };

  const body = (live: ExchangeParts | null) => {
    const parts = live ?? demo;
    return (
      <div className="grid min-w-0 gap-3">
        <div className={panel}>
          <PairHeader
            coin={coin}
            pair={pair}
            symbol={symbol}
            starred={watchlist.has(coin.id)}
            onToggleStar={() => watchlist.toggle(coin.id)}
            stats={parts.stats}
          />
          {error ? (
            <p role="alert" className="border-t border-line px-4 py-2 text-xs text-down">
              {error}
            </p>
          ) : null}
          <SimulatedBadge className="mx-4 mb-3 xl:hidden" />
        </div>

        {/* Mobile: chart, book, form, open orders. lg: chart, then book and form side by
            side. xl: chart over the form, the book beside both; open orders under all. */}
        <div className="grid gap-3 lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div
            className={`${panel} h-[22rem] overflow-hidden md:h-[26rem] lg:col-span-2 xl:col-span-1 xl:col-start-1 xl:row-start-1`}
          >
            <PriceChart
              coin={coin}
              pair={pair}
              priceTime={updatedAt}
              exchangeCandles={parts.candles}
            />
          </div>
          <div className={`${panel} min-w-0 xl:col-start-2 xl:row-span-2 xl:row-start-1`}>
            {parts.book}
          </div>
          <div className={`${panel} overflow-hidden xl:col-start-1 xl:row-start-2`}>
            {parts.form}
          </div>
          {parts.orders ? (
            <div className={`${panel} overflow-hidden lg:col-span-2`}>{parts.orders}</div>
          ) : null}
        </div>
      </div>
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-[100rem] gap-3 p-3 md:grid-cols-[16rem_minmax(0,1fr)] md:items-start md:p-4 xl:grid-cols-[17rem_minmax(0,1fr)]">
      <aside
        aria-label="Markets list"
        className={`${panel} md:sticky md:top-20 md:h-[calc(100dvh-6rem)]`}
      >
        <CoinPanel
          coins={coins}
          selected={coin}
          pair={pair}
          onSelect={setChosenId}
          loading={loading}
        />
      </aside>

      {Exchange ? (
        <Exchange coin={coin} symbol={symbol}>
          {body}
        </Exchange>
      ) : (
        body(null)
      )}
    </div>
  );
}
