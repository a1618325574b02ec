import { SpotOrderBook } from '../../test/support/server.ts';
import { percentile } from './stats.ts';
import { prng } from './spot-load.ts';

/** The engine's levels a batch publishes (SPOT_BOOK_LEVELS): read after every order here. */
const VIEW_LEVELS = 20;

/**
 * The engine alone, in this process, with the order shapes of part 11: `resting` orders
 * spread over ±`levels` ticks around a mid, then `orders` limit orders (half crossing by up to
 * 5 ticks) each timed with the top-of-book read a batch does after it (bookView). Splits an
 * HTTP placement's p99 into the engine's part and the rest.
 */
export function engineDepthP99(
  resting: number,
  levels: number,
  orders: number,
): { p50Us: number | null; p99Us: number | null; fills: number } {
  const mid = 100_000;
  const lots = 100;
  const rand = prng(resting);
  const book = new SpotOrderBook({ trackChanges: true });
  for (let i = 0; i < resting; i++) {
    const buy = i % 2 === 0;
    const away = 1 + Math.floor(rand() * levels);
    book.rest({
      id: `r${i}`,
      owner: `u${i % 64}`,
      side: buy ? 'buy' : 'sell',
      priceTicks: buy ? mid - away : mid + away,
      lots,
    });
  }
  book.drainChanges();
  const samples: number[] = [];
  let fills = 0;
  for (let i = 0; i < orders; i++) {
    const buy = rand() < 0.5;
    const crossing = rand() < 0.5;
    const away = crossing ? -(1 + Math.floor(rand() * 5)) : 1 + Math.floor(rand() * levels);
    const t0 = process.hrtime.bigint();
    fills += book.place({
      id: `p${i}`,
      owner: `u${i % 64}`,
      side: buy ? 'buy' : 'sell',
      type: 'limit',
      priceTicks: buy ? mid - away : mid + away,
      lots,
      tif: 'GTC',
      postOnly: false,
      stp: 'cancel_taker',
    }).fills.length;
    book.depth('buy', VIEW_LEVELS);
    book.depth('sell', VIEW_LEVELS);
    book.drainChanges();
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  return { p50Us: percentile(samples, 0.5), p99Us: percentile(samples, 0.99), fills };
}
