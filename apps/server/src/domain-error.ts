import { messages, type ErrorCode } from '@sikka/contracts';

/**
 * A refusal the domain decided: a stable code (packages/contracts/src/errors.ts), the words
 * for people, and per-field messages when the input is at fault. It says nothing about
 * HTTP: src/http/errors.ts alone turns a code into a status (Actual's `{reason: …}`).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A refusal that lifts by itself after a wait (the login throttle); the wait is in ms. */
export class RetryLaterError extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(code, message);
    this.name = 'RetryLaterError';
  }
}

export const unauthorized = (message: string = messages.http.unauthorized) =>
  new DomainError('unauthorized', message);
export const forbidden = () => new DomainError('forbidden', messages.http.forbidden);
export const notFound = (message: string = messages.http.notFound) =>
  new DomainError('not_found', message);
/** Bad input: the first field's message is the error's message. */
export const validationError = (fields: Record<string, string>) =>
  new DomainError('validation_error', Object.values(fields)[0] ?? messages.http.validation, fields);
