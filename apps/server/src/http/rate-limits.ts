import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { messages } from '@sikka/contracts';
import type { Config } from '../config.ts';
import { DomainError } from '../domain-error.ts';
import { routeCounterPrefix } from './pg-rate-limit-store.ts';

/** The window of the money routes' budget: RATE_LIMIT_MONEY_PER_MIN is per minute. */
export const MONEY_LIMIT_WINDOW_MS = 60_000;

/** A signed-in user's key of the money budget, after the route's prefix. */
const MONEY_USER_KEY = 'money-user:';

/**
 * The per-user budget of a money-moving route (quick trades, deposit requests):
 * RATE_LIMIT_MONEY_PER_MIN requests a minute, counted per signed-in user (per address for
 * the signed-out, who are refused anyway), each route on its own. It bounds how fast any one
 * account can probe a money path (rounding, limits, races) however many addresses it uses.
 * Like the auth limits it is counted in PostgreSQL across instances (ADR 020); the quick
 * trade counts it in its own statement, in the same row (ADR 026).
 */
export function moneyRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.RATE_LIMIT_MONEY_PER_MIN,
    timeWindow: MONEY_LIMIT_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `${MONEY_USER_KEY}${request.user.id}` : `money-ip:${request.ip}`,
    errorResponseBuilder: () => new DomainError('rate_limited', messages.trades.tooManyRequests),
  };
}

/** The spot exchange's per-user budget: SPOT_ORDERS_PER_MIN placements (or cancels) a minute. */
export function spotRateLimit(config: Config): RateLimitOptions {
  return { ...moneyRateLimit(config), max: config.SPOT_ORDERS_PER_MIN };
}

/**
 * The counter key of moneyRateLimit's budget for a route, before the user id: what the shared
 * store and the key generator make of it. A route that counts in its own statement (the
 * quick trade, migration 026) uses the same row.
 */
export function moneyLimitKeyPrefix(method: string, url: string): string {
  return routeCounterPrefix(method, url) + MONEY_USER_KEY;
}

/**
 * The rate-limit plugin's headers and refusal for a request counted elsewhere (`hits` with
 * this one, `ttlMs` to the end of the window): the limit, what remains and when it resets;
 * over the budget also retry-after, and the plugin's `rate_limited` error is returned.
 */
export function moneyLimitAnswer(
  reply: FastifyReply,
  max: number,
  hits: number,
  ttlMs: number,
): DomainError | undefined {
  const ttlSeconds = Math.ceil(ttlMs / 1000);
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - hits));
  reply.header('x-ratelimit-reset', ttlSeconds);
  if (hits <= max) return undefined;
  reply.header('retry-after', ttlSeconds);
  return new DomainError('rate_limited', messages.trades.tooManyRequests);
}
