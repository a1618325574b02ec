import { messages } from '@sikka/contracts';
import { mapCoinDcxTickers } from './coin-mapping.ts';
import { TickerError, type TickerSource } from './types.ts';

/** The exchange's full ticker is a few hundred KB; anything far bigger is not a ticker. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Error('ticker body too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GET TICKER_URL (CoinDCX shape). The timeout covers the whole exchange, body included, so
 * a slow upstream can delay the next poll by at most `timeoutMs`.
 */
export function createUpstreamSource(url: string, timeoutMs: number): TickerSource {
  return {
    kind: 'upstream',
    initial: () => [],
    async fetch(_now, signal) {
      // An own timer rather than AbortSignal.timeout(): a timeout signal held only by
      // AbortSignal.any() can be garbage-collected before it fires (seen under load: a 300 ms
      // timeout that let a 2 s answer through), and the timer is cleared once done.
      const timeout = new AbortController();
      const timer = setTimeout(
        () => timeout.abort(new DOMException('upstream timed out', 'TimeoutError')),
        timeoutMs,
      );
      const abort = AbortSignal.any([signal, timeout.signal]);
      let data: unknown;
      try {
        const res = await fetch(url, { signal: abort, headers: { accept: 'application/json' } });
        if (!res.ok) {
          await res.body?.cancel().catch(() => undefined);
          throw new TickerError(messages.ticker.httpError(res.status));
        }
        data = JSON.parse(await readCapped(res));
      } catch (err) {
        if (err instanceof TickerError) throw err;
        // Network failure, refused connection, timeout, oversized or malformed body.
        throw new TickerError(messages.ticker.fallback, { cause: err });
      } finally {
        clearTimeout(timer);
      }
      return mapCoinDcxTickers(data);
    },
  };
}
