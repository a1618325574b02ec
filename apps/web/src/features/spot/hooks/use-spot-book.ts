import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSpotChannel } from '@/lib/realtime/spot-channel.ts';
import { useSpotBookSeed } from '@/features/spot/api/get-spot-book.ts';
import {
  applyBookMessage,
  bookFromResponse,
  emptyBook,
  type BookState,
} from '@/features/spot/lib/book-state.ts';

/**
 * One market's live book: the REST book at once, then the socket's snapshot and deltas. A
 * gap subscribes again (the server answers with a fresh snapshot); leaving the page
 * unsubscribes. New public trades re-read the market's stats and candles.
 */
export function useSpotBook(market: string): BookState {
  const channel = useSpotChannel();
  const queryClient = useQueryClient();
  const seed = useSpotBookSeed(market);
  const [live, setLive] = useState<BookState>(() => emptyBook(market));
  const current = useRef(live);

  useEffect(() => {
    current.current = emptyBook(market);
    setLive(current.current);
    const stop = channel.onBook((message) => {
      const update = applyBookMessage(current.current, message);
      if (update.kind === 'ignored') return;
      current.current = update.state;
      setLive(update.state);
      if (update.kind === 'gap') {
        channel.follow(market);
        return;
      }
      if (!message.snapshot && message.trades.length > 0) {
        void queryClient.invalidateQueries({ queryKey: ['spot', 'stats', market] });
        void queryClient.invalidateQueries({ queryKey: ['spot', 'candles', market] });
      }
    });
    channel.follow(market);
    return () => {
      stop();
      channel.unfollow(market);
    };
  }, [channel, market, queryClient]);

  // Until the socket's first snapshot, the REST book (same levels, same trades).
  if (live.market === market && live.seq !== null) return live;
  return seed.data && seed.data.market === market ? bookFromResponse(seed.data) : live;
}
