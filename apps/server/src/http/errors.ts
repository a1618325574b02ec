import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ErrorCode } from '@sikka/contracts';
import { DomainError, RetryLaterError } from '../domain-error.ts';
import { markNoStore } from './cache-control.ts';

/**
 * The one place an error code becomes an HTTP status. Domain modules throw DomainError with a
 * code and never name a status; a code added to the contracts must be given one here (the
 * Record makes the compiler ask).
 */
export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  validation_error: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  two_factor_required: 403,
  two_factor_invalid: 403,
  two_factor_setup_required: 403,
  email_unverified: 403,
  withdrawals_paused: 403,
  account_frozen: 403,
  link_invalid: 400,
  passkey_failed: 400,
  two_factor_throttled: 429,
  cross_site: 403,
  kyc_required: 403,
  not_found: 404,
  user_already_exists: 409,
  email_confusable: 409,
  invalid_state: 409,
  price_changed: 409,
  duplicate_utr: 409,
  duplicate_bank_account: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  insufficient_inr: 422,
  insufficient_usdt: 422,
  insufficient_funds: 422,
  idempotency_conflict: 422,
  deposit_limit: 422,
  trade_limit: 422,
  withdrawal_limit: 422,
  bank_account_unverified: 422,
  rate_limited: 429,
  login_throttled: 429,
  internal_error: 500,
  chain_unavailable: 503,
  spot_unavailable: 503,
};

export const httpStatus = (code: ErrorCode): number => STATUS_OF[code];

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').split('/')[0];
  return name || '_';
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | DomainError, request, reply) => {
    if (err instanceof DomainError) {
      if (err instanceof RetryLaterError) {
        reply.header('retry-after', String(Math.ceil(err.retryAfterMs / 1000)));
      }
      const body = {
        error: {
          code: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
        },
      };
      return reply.code(httpStatus(err.code)).send(body);
    }
    // What follows is the framework's and the database's own errors, which carry no code of ours.
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message ?? messages.http.validation;
      }
      const first = Object.values(fields)[0] ?? messages.http.validation;
      return reply.code(400).send({ error: { code: 'validation_error', message: first, fields } });
    }
    if (isUnstorableText(err)) {
      // A NUL character (\u0000) in any text field or search reaches PostgreSQL, which cannot
      // store it in text and fails the statement (the transaction rolls back). That is bad
      // input, not a server fault: answer 400 instead of 500.
      return reply
        .code(400)
        .send({ error: { code: 'validation_error', message: messages.http.validation } });
    }
    const status = err.statusCode ?? 500;
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({
        error: { code: 'unsupported_media_type', message: messages.http.unsupportedMediaType },
      });
    }
    if (status === 413) {
      return reply
        .code(413)
        .send({ error: { code: 'payload_too_large', message: 'The request is too large' } });
    }
    if (status === 429) {
      return reply
        .code(429)
        .send({ error: { code: 'rate_limited', message: messages.http.rateLimited } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, an empty body…) keep their status.
      return reply.code(status).send({ error: { code: 'validation_error', message: err.message } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: { code: 'internal_error', message: messages.http.internal } });
  });
}

/**
 * What the router refuses before any route runs, in our shape: a path parameter past the
 * router's 100 characters can be no id of ours (the same 404 as any unknown id, where Fastify
 * would answer 414 in its own words); a malformed %-escape is bad input.
 */
export function frameworkErrorReply(err: FastifyError, reply: FastifyReply): FastifyReply {
  // No onSend hook runs for these answers, so the no-store rule is applied here.
  markNoStore(reply);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(404).send({ error: { code: 'not_found', message: messages.http.notFound } });
  }
  return reply
    .code(400)
    .send({ error: { code: 'validation_error', message: messages.http.validation } });
}

/** SQLSTATE 22021 (e.g. "invalid byte sequence for encoding UTF8: 0x00") and 22P05. */
function isUnstorableText(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  return code === '22021' || code === '22P05';
}
