import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ErrorCode } from '@sikka/contracts';

/** A failure the client should see as `{error: {code, message, fields?}}` with this status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError(401, 'unauthorized', messages.http.unauthorized);
export const forbidden = () => new AppError(403, 'forbidden', messages.http.forbidden);
export const notFound = () => new AppError(404, 'not_found', messages.http.notFound);
export const validationError = (fields: Record<string, string>) =>
  new AppError(
    400,
    'validation_error',
    Object.values(fields)[0] ?? messages.http.validation,
    fields,
  );

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').split('/')[0];
  return name || '_';
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      const body = {
        error: {
          code: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
        },
      };
      return reply.code(err.statusCode).send(body);
    }
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
      return reply.code(status).send({ error: { code: 'validation_error', message: err.message } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: { code: 'internal_error', message: messages.http.internal } });
  });
}

/** SQLSTATE 22021 (e.g. "invalid byte sequence for encoding UTF8: 0x00") and 22P05. */
function isUnstorableText(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  return code === '22021' || code === '22P05';
}
