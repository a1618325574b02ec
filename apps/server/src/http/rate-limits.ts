import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { messages } from '@sikka/contracts';
import type { Config } from '../config.ts';
import { DomainError } from '../domain-error.ts';

/**
 * The per-user budget of a money-moving route (quick trades, deposit requests):
 * RATE_LIMIT_MONEY_PER_MIN requests a minute, counted per signed-in user (per address for
 * the signed-out, who are refused anyway), each route on its own. It bounds how fast any one
 * account can probe a money path (rounding, limits, races) however many addresses it uses.
 * Like the auth limits it is counted per instance (docs/scaling.md).
 */
export function moneyRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.RATE_LIMIT_MONEY_PER_MIN,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `money-user:${request.user.id}` : `money-ip:${request.ip}`,
    errorResponseBuilder: () => new DomainError('rate_limited', messages.trades.tooManyRequests),
  };
}

/** The spot exchange's per-user budget: SPOT_ORDERS_PER_MIN placements (or cancels) a minute. */
export function spotRateLimit(config: Config): RateLimitOptions {
  return { ...moneyRateLimit(config), max: config.SPOT_ORDERS_PER_MIN };
}
