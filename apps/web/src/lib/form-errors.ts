import { ApiError } from '@/lib/api-client.ts';

/** The part of a failed zod parse a form reads: each issue's field path and message. */
export interface SchemaIssues {
  readonly issues: ReadonlyArray<{
    readonly path: ReadonlyArray<PropertyKey>;
    readonly message: string;
  }>;
}

/**
 * Each listed field's first message from a contracts schema's parse, so a form shows exactly
 * what the server would answer for the same input (the server parses with the same schema).
 */
export function firstFieldMessages<F extends string>(
  fields: readonly F[],
  error: SchemaIssues | undefined,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    const key = field as F;
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The field messages of a refused request (400 validation_error) for the fields this form has
 * a box for, in the server's order; anything else is told in a toast instead.
 */
export function serverFieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!(err instanceof ApiError)) return {};
  const known: readonly string[] = fields;
  return Object.fromEntries(
    Object.entries(err.fields).filter(([key]) => known.includes(key)),
  ) as Partial<Record<F, string>>;
}
