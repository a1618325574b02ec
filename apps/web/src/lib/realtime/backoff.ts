import { WS_RECONNECT_BACKOFF_MS } from '@sikka/contracts';

/** Each delay is spread ±JITTER around its step so a server restart is not met by a stampede. */
export const RECONNECT_JITTER = 0.2;

/**
 * How long to wait before reconnect attempt `attempt` (0 = the first after a drop): the
 * schedule 1, 2, 5, 10 s, then 10 s for ever (DESIGN.md §5), each multiplied by a factor in
 * [1 − JITTER, 1 + JITTER). `random` is Math.random's contract: [0, 1).
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  schedule: readonly number[] = WS_RECONNECT_BACKOFF_MS,
): number {
  const step = Math.min(Math.max(0, Math.floor(attempt)), schedule.length - 1);
  const base = schedule[step] ?? 0;
  const factor = 1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random();
  return Math.round(base * factor);
}
